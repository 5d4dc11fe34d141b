"use client";
import Link from "next/link";
import { useAgents } from "./agent-queries";
import { formatDateTime } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";
import { useCan } from "@/components/shell/viewer-context";
import { NewConversationButton } from "@/components/conversations/new-conversation-button";
import { startVersion } from "./agent-version-view";
import "./agent-versions.css";

export function AgentsList() {
  const query = useAgents();
  const canWrite = useCan("author");
  return (
    <QueryState
      query={query}
      isEmpty={(d) => d.agents.length === 0}
      empty={
        <>
          <h2>No agents yet</h2>
          <p className="muted">
            An agent combines a prompt, a model roster, tools and limits. Saved agents appear here.
          </p>
          {canWrite ? (
            <Link className="btn primary" href="/agents/new">
              Create an agent
            </Link>
          ) : null}
        </>
      }
    >
      {(d) => (
        <table className="table" data-testid="agents-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Version</th>
              <th>Active model</th>
              <th>Roster</th>
              <th>Autonomy</th>
              <th className="num">Tools</th>
              <th className="num">Conversations</th>
              <th>Last edit</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {d.agents.map((a) => (
              <tr key={a.id}>
                <td>
                  <Link className="mono" href={`/agents/${a.id}`}>
                    {a.name}
                  </Link>
                  {a.description ? <div className="muted small">{a.description}</div> : null}
                </td>
                <td>
                  <span className="mono" data-testid="agent-latest-version">
                    v{a.version}
                  </span>
                  <div className="muted small av-nowrap">
                    production{" "}
                    {a.production === null ? (
                      <span data-testid="agent-production-version" title="Unset: new conversations start on the latest">
                        unset
                      </span>
                    ) : (
                      <span className="mono" data-testid="agent-production-version">
                        v{a.production}
                      </span>
                    )}
                  </div>
                </td>
                <td className="mono">{a.activeModel ?? "—"}</td>
                <td>{a.rosterSize ? `${a.rosterSize} models` : <span className="muted">single</span>}</td>
                <td>
                  <span className={a.autonomy === "auto" ? "pill" : "pill warn"}>{a.autonomy}</span>
                </td>
                <td className="num">{a.tools}</td>
                <td className="num">{a.conversations}</td>
                <td>{formatDateTime(a.updatedAt)}</td>
                <td>
                  <NewConversationButton agentId={a.id} version={startVersion(a)} small />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryState>
  );
}
