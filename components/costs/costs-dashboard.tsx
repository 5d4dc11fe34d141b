"use client";
import { useState } from "react";
import { useUsageSummary } from "./usage-queries";
import { formatInt, formatNanoUsd } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";
import type { UsageGroupBy } from "@/lib/events/usage-summary";

const GROUPS: Array<{ id: UsageGroupBy; label: string }> = [
  { id: "model", label: "By model" },
  { id: "agent", label: "By agent" },
  { id: "run", label: "By run" },
  { id: "day", label: "By day" },
];

export function CostsDashboard() {
  const [groupBy, setGroupBy] = useState<UsageGroupBy>("model");
  const query = useUsageSummary(groupBy);
  return (
    <>
      <div className="tabs" role="tablist">
        {GROUPS.map((g) => (
          <button
            key={g.id}
            role="tab"
            aria-selected={groupBy === g.id}
            className={groupBy === g.id ? "tab active" : "tab"}
            onClick={() => setGroupBy(g.id)}
          >
            {g.label}
          </button>
        ))}
      </div>
      <QueryState
        query={query}
        isEmpty={(d) => d.rows.length === 0}
        empty={
          <>
            <h2>No usage recorded yet</h2>
            <p className="muted">Token usage of every model request is priced when it is recorded and summed here.</p>
          </>
        }
      >
        {(d) => (
          <table className="table" data-testid="costs-table">
            <thead>
              <tr>
                <th>{GROUPS.find((g) => g.id === d.groupBy)?.label.replace("By ", "")}</th>
                <th className="num">Input tokens</th>
                <th className="num">Output tokens</th>
                <th className="num">Total tokens</th>
                <th className="num">Cost</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.key}>
                  <td className="mono">{r.label}</td>
                  <td className="num">{formatInt(r.inputTokens)}</td>
                  <td className="num">{formatInt(r.outputTokens)}</td>
                  <td className="num">{formatInt(r.totalTokens)}</td>
                  <td className="num">
                    {formatNanoUsd(r.costNanoUsd)}
                    {r.unpricedTokens > 0 ? (
                      <span
                        className="pill warn"
                        title={`${formatInt(r.unpricedTokens)} tokens on models without price data`}
                      >
                        unpriced
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th>Total</th>
                <th className="num">{formatInt(d.total.inputTokens)}</th>
                <th className="num">{formatInt(d.total.outputTokens)}</th>
                <th className="num">{formatInt(d.total.totalTokens)}</th>
                <th className="num">{formatNanoUsd(d.total.costNanoUsd)}</th>
              </tr>
            </tfoot>
          </table>
        )}
      </QueryState>
    </>
  );
}
