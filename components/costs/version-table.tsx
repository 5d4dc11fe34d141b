"use client";
/**
 * /costs with one agent chosen: its usage by version (GET /api/usage/summary?groupBy=agentVersion),
 * oldest first — runs, tokens and cost per version over the dashboard's period and model filter, so
 * a change to the agent can be judged by what it costs. Usage on models without price data is
 * marked as in the breakdown table ("unpriced"), never shown as $0.
 */
import { formatCost, formatTokens } from "@/components/runs/usage-format";
import { CostCell } from "./breakdown-table";
import { useUsageSummary, type UsageParams } from "./usage-queries";

export function VersionTable({ params }: { params: Pick<UsageParams, "from" | "to" | "agentId" | "model"> }) {
  const versions = useUsageSummary({ ...params, groupBy: "agentVersion" });
  const data = versions.data;
  return (
    <section className="card version-card" data-testid="version-breakdown">
      <h2>
        By version <span className="muted small">(runs with usage in the period)</span>
      </h2>
      {versions.error ? (
        <p className="error" role="alert">
          Could not load the versions: {versions.error.message}
        </p>
      ) : !data ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : (
        <table className="table breakdown" data-testid="version-table">
          <thead>
            <tr>
              <th>Version</th>
              <th className="num">Runs</th>
              <th className="num">Total tokens</th>
              <th className="num">Cost</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r) => (
              <tr key={r.key} data-testid="version-row" data-key={r.key}>
                <td className="mono">{r.label}</td>
                <td className="num">{formatTokens(r.runCount ?? 0)}</td>
                <td className="num">{formatTokens(r.totalTokens)}</td>
                <CostCell row={r} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th>Total</th>
              <th className="num">{formatTokens(data.rows.reduce((n, r) => n + (r.runCount ?? 0), 0))}</th>
              <th className="num">{formatTokens(data.total.totalTokens)}</th>
              <th className="num">{formatCost(data.total.costNanoUsd, data.total.pricing)}</th>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
