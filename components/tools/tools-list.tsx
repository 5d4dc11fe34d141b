"use client";
/** The tools of the studio: flags, latest version's state, usage, last edit; search and delete. */
import Link from "next/link";
import { useState } from "react";
import { formatDateTime } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";
import { useCan } from "@/components/shell/viewer-context";
import { DeleteToolButton } from "@/components/tools/delete-tool-button";
import { ToolFlags } from "@/components/tools/tool-flags";
import { useToolList } from "./tool-queries";
import "./tool-pins.css";

export function ToolsList() {
  const query = useToolList();
  const canAuthor = useCan("author");
  const [search, setSearch] = useState("");
  return (
    <QueryState
      query={query}
      isEmpty={(d) => d.tools.length === 0}
      empty={
        <>
          <h2>No tools in this studio yet</h2>
          <p className="muted">
            A tool is a TypeScript function the model can call.{" "}
            {canAuthor ? "Start one with New tool, from a template." : "Tools saved here appear in this list."}
          </p>
        </>
      }
    >
      {(d) => {
        const needle = search.trim().toLowerCase();
        const shown = needle ? d.tools.filter((t) => t.name.toLowerCase().includes(needle)) : d.tools;
        return (
          <>
            <div className="inline-form">
              <input
                type="search"
                aria-label="Search tools"
                placeholder="Search by name…"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              <span className="muted small">
                {shown.length} of {d.tools.length}
              </span>
            </div>
            <div className="table-scroll">
              <table className="table" data-testid="tools-table">
                <thead>
                  <tr>
                    <th>Name</th>
                    <th>Flags</th>
                    <th>Latest version</th>
                    <th>Used by</th>
                    <th>Last edit</th>
                    {canAuthor ? <th /> : null}
                  </tr>
                </thead>
                <tbody>
                  {shown.map((t) => (
                    <tr key={t.id} data-testid={`tool-row-${t.name}`}>
                      <td className="mono">
                        <Link href={`/tools/${t.id}`}>{t.name}</Link>
                      </td>
                      <td>
                        <ToolFlags
                          sideEffecting={t.sideEffecting}
                          idempotent={t.idempotent}
                          requiresApproval={t.requiresApproval}
                        />
                      </td>
                      <td>
                        {t.latestVersion === null ? "—" : `v${t.latestVersion}`}{" "}
                        {t.hasErrors ? (
                          <span className="pill danger">errors</span>
                        ) : t.hasErrors === false ? (
                          <span className="pill ok">clean</span>
                        ) : null}
                      </td>
                      <td>{t.usedBy === 0 ? "—" : `${t.usedBy} agent${t.usedBy === 1 ? "" : "s"}`}</td>
                      <td>{formatDateTime(t.updatedAt)}</td>
                      {canAuthor ? (
                        <td>
                          <DeleteToolButton id={t.id} name={t.name} />
                        </td>
                      ) : null}
                    </tr>
                  ))}
                  {shown.length === 0 ? (
                    <tr>
                      <td colSpan={canAuthor ? 6 : 5} className="muted">
                        No tool name contains “{search}”.
                      </td>
                    </tr>
                  ) : null}
                </tbody>
              </table>
            </div>
          </>
        );
      }}
    </QueryState>
  );
}
