"use client";
/** /traces: every run, newest first; each opens its trace. */
import Link from "next/link";
import { useRuns } from "./run-queries";
import { formatDateTime, formatInt } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";
import { formatNanoUsd } from "@/lib/events/money.shared";

export function RunsList() {
  const query = useRuns();
  return (
    <QueryState
      query={query}
      isEmpty={(d) => d.runs.length === 0}
      empty={
        <>
          <h2>No runs recorded yet</h2>
          <p className="muted">
            Every run of every conversation is traced: model requests, tool calls, approvals, compactions.
          </p>
        </>
      }
    >
      {(d) => (
        <table className="table" data-testid="runs-table">
          <thead>
            <tr>
              <th>Run</th>
              <th>Version</th>
              <th>Kind</th>
              <th>Status</th>
              <th>Model</th>
              <th>Requests</th>
              <th>Tool calls</th>
              <th>Tokens</th>
              <th>Cost</th>
              <th>Started</th>
            </tr>
          </thead>
          <tbody>
            {d.runs.map((r) => (
              <tr key={r.id}>
                <td className="mono">
                  <Link href={`/runs/${encodeURIComponent(r.id)}`} data-testid="trace-link">
                    {r.id}
                  </Link>
                </td>
                <td className="mono" data-testid="run-version">
                  {r.agentVersion ? `v${r.agentVersion}` : "—"}
                </td>
                <td>{r.kind}</td>
                <td>
                  <span className={`pill status-${r.status}`}>{r.status}</span>
                  {r.stopReason ? <span className="muted"> {r.stopReason}</span> : null}
                </td>
                <td className="mono">{r.model ?? "—"}</td>
                <td>{r.requests}</td>
                <td>{r.toolCalls}</td>
                <td>{formatInt(r.totalTokens)}</td>
                <td>
                  {/* A run's cost is 0 with tokens only when no request was priced: never a silent $0. */}
                  {r.costNanoUsd === 0 && r.totalTokens > 0 ? (
                    <span className="pill warn" title="No price data for the model that answered; tokens are counted">
                      unpriced
                    </span>
                  ) : (
                    formatNanoUsd(r.costNanoUsd)
                  )}
                </td>
                <td>{formatDateTime(r.startedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryState>
  );
}
