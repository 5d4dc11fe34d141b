"use client";
import { useState } from "react";
import { useApprovals } from "./approval-queries";
import { formatDateTime } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";

export function ApprovalsInbox() {
  const [tab, setTab] = useState<"pending" | "decided">("pending");
  const query = useApprovals(tab);
  return (
    <>
      <div className="tabs" role="tablist">
        {(["pending", "decided"] as const).map((t) => (
          <button
            key={t}
            role="tab"
            aria-selected={tab === t}
            className={tab === t ? "tab active" : "tab"}
            onClick={() => setTab(t)}
          >
            {t === "pending" ? "Pending" : "Decided"}
          </button>
        ))}
      </div>
      <QueryState
        query={query}
        isEmpty={(d) => d.approvals.length === 0}
        empty={
          tab === "pending" ? (
            <>
              <h2>Nothing waits for a decision</h2>
              <p className="muted">
                When an agent calls a tool that needs approval, the run pauses and the call appears here.
              </p>
            </>
          ) : (
            <>
              <h2>No decisions yet</h2>
              <p className="muted">Approved and denied calls, with who decided and why, are kept here.</p>
            </>
          )
        }
      >
        {(d) => (
          <table className="table" data-testid="approvals-table">
            <thead>
              <tr>
                <th>Tool</th>
                <th>Arguments</th>
                <th>Status</th>
                <th>{tab === "pending" ? "Requested" : "Decided"}</th>
                {tab === "decided" ? <th>By / reason</th> : null}
              </tr>
            </thead>
            <tbody>
              {d.approvals.map((a) => (
                <tr key={a.id}>
                  <td className="mono">{a.toolName}</td>
                  <td>
                    <code className="args">{JSON.stringify(a.arguments)}</code>
                  </td>
                  <td>
                    <span className={`pill status-${a.status}`}>{a.status}</span>
                  </td>
                  <td>{formatDateTime(tab === "pending" ? a.createdAt : a.decidedAt)}</td>
                  {tab === "decided" ? (
                    <td>
                      {a.decidedBy ?? "—"}
                      {a.reason ? <span className="muted"> — {a.reason}</span> : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </>
  );
}
