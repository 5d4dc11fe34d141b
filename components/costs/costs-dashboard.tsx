"use client";
/**
 * /costs: what was spent in a period — totals, a chart per day stacked by model or agent, and a
 * breakdown by model, agent, turn or day — narrowed by an agent or a model (one agent: its cost by
 * version too), exported as CSV. The choices live in the URL (`?period=30d&by=run&agent=…`), so a
 * drill-down can be linked and the back button undoes it. Money arrives as integer nano-USD and is formatted only here; usage on
 * models without price data is counted in tokens and marked, never shown as $0.
 */
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import type { UsageGroupBy, UsageStackBy, UsageSummary } from "@/lib/runs/read-models/usage/usage-summary.shared";
import { formatCost, formatTokens } from "@/components/runs/usage-format";
import { PriceNames } from "./price-names";
import { BreakdownTable } from "./breakdown-table";
import { CostChart } from "./cost-chart";
import {
  chartData,
  daysBetween,
  PERIOD_LABELS,
  presetPeriod,
  summaryCsv,
  type Metric,
  type Period,
  type PeriodId,
} from "./costs-model";
import { useUsageSummary } from "./usage-queries";
import { VersionTable } from "./version-table";
import "./costs.css";

const GROUPS: Array<{ id: UsageGroupBy; label: string }> = [
  { id: "model", label: "By model" },
  { id: "agent", label: "By agent" },
  { id: "run", label: "By run" },
  { id: "day", label: "By day" },
];
const TURNS_PAGE = 50;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface State {
  period: Period;
  by: UsageGroupBy;
  stack: UsageStackBy;
  metric: Metric | null;
  agentId: string | null;
  agentName: string | null;
  model: string | null;
  limit: number;
}

function readState(params: URLSearchParams): State {
  const p = params.get("period") as PeriodId | null;
  const from = params.get("from");
  const to = params.get("to");
  const period: Period =
    p === "custom" || (!p && (from || to))
      ? { id: "custom", from: from && DATE.test(from) ? from : null, to: to && DATE.test(to) ? to : null }
      : presetPeriod(p && p in PERIOD_LABELS ? (p as Exclude<PeriodId, "custom">) : "30d");
  const by = params.get("by") as UsageGroupBy | null;
  const metric = params.get("metric");
  return {
    period,
    by: by && GROUPS.some((g) => g.id === by) ? by : "model",
    stack: params.get("stack") === "agent" ? "agent" : "model",
    metric: metric === "cost" || metric === "tokens" ? metric : null,
    agentId: params.get("agent"),
    agentName: params.get("agentName"),
    model: params.get("model"),
    limit: Math.min(1000, Math.max(TURNS_PAGE, Number(params.get("limit")) || TURNS_PAGE)),
  };
}

function writeState(s: State): string {
  const q = new URLSearchParams();
  if (s.period.id !== "30d") q.set("period", s.period.id);
  if (s.period.id === "custom") {
    if (s.period.from) q.set("from", s.period.from);
    if (s.period.to) q.set("to", s.period.to);
  }
  if (s.by !== "model") q.set("by", s.by);
  if (s.stack !== "model") q.set("stack", s.stack);
  if (s.metric) q.set("metric", s.metric);
  if (s.agentId) q.set("agent", s.agentId);
  if (s.agentId && s.agentName) q.set("agentName", s.agentName);
  if (s.model) q.set("model", s.model);
  if (s.by === "run" && s.limit !== TURNS_PAGE) q.set("limit", String(s.limit));
  return q.toString();
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "in the last 30 days", "on 2026-11-03", "from … to …", "since …", "until …", "" for all time. */
function periodText(p: Period): string {
  if (p.id !== "custom") return p.id === "all" ? "" : `in the ${PERIOD_LABELS[p.id].toLowerCase()}`;
  if (p.from && p.to) return p.from === p.to ? `on ${p.from}` : `from ${p.from} to ${p.to}`;
  if (p.from) return `since ${p.from}`;
  if (p.to) return `until ${p.to}`;
  return "";
}

export function CostsDashboard() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const state = useMemo(() => readState(new URLSearchParams(params.toString())), [params]);
  const update = useCallback(
    (patch: Partial<State>, push = false) => {
      const next = writeState({ ...state, ...patch });
      const href = next ? `${pathname}?${next}` : pathname;
      if (push) router.push(href, { scroll: false });
      else router.replace(href, { scroll: false });
    },
    [state, pathname, router],
  );

  const common = {
    from: state.period.from,
    to: state.period.to,
    agentId: state.agentId,
    model: state.model,
  };
  const chart = useUsageSummary({ ...common, groupBy: "day", stack: state.stack });
  const table = useUsageSummary({ ...common, groupBy: state.by, limit: state.limit });

  const summary = chart.data;
  const metric: Metric =
    state.metric ?? (summary && summary.total.costNanoUsd === 0 && summary.total.events > 0 ? "tokens" : "cost");
  const days = useMemo(() => {
    if (!summary) return null;
    const from = state.period.from ?? summary.rows[0]?.key;
    const to = state.period.to ?? summary.rows.at(-1)?.key ?? from;
    return from ? daysBetween(from, to < from ? from : to) : [];
  }, [summary, state.period.from, state.period.to]);
  const plotted = useMemo(() => (summary && days ? chartData(summary, metric, days) : null), [summary, metric, days]);
  const filtered = !!(state.agentId || state.model);

  return (
    <div className="costs" data-testid="costs-dashboard">
      <div className="costs-toolbar">
        <div className="segmented" role="group" aria-label="Period">
          {(Object.keys(PERIOD_LABELS) as Array<Exclude<PeriodId, "custom">>).map((id) => (
            <button
              key={id}
              type="button"
              className={state.period.id === id ? "seg active" : "seg"}
              aria-pressed={state.period.id === id}
              onClick={() => update({ period: presetPeriod(id) })}
            >
              {PERIOD_LABELS[id]}
            </button>
          ))}
        </div>
        <label className="date-field">
          From
          <input
            type="date"
            aria-label="From"
            value={state.period.from ?? ""}
            onChange={(e) => update({ period: { id: "custom", from: e.target.value || null, to: state.period.to } })}
          />
        </label>
        <label className="date-field">
          To
          <input
            type="date"
            aria-label="To"
            value={state.period.to ?? ""}
            onChange={(e) => update({ period: { id: "custom", from: state.period.from, to: e.target.value || null } })}
          />
        </label>
        {filtered ? (
          <div className="chips" data-testid="filters">
            {state.agentId ? (
              <span className="chip">
                Agent <strong className="mono">{state.agentName ?? state.agentId}</strong>
                <button
                  type="button"
                  aria-label="Remove the agent filter"
                  onClick={() => update({ agentId: null, agentName: null }, true)}
                >
                  ×
                </button>
              </span>
            ) : null}
            {state.model ? (
              <span className="chip">
                Model <strong className="mono">{state.model}</strong>
                <button
                  type="button"
                  aria-label="Remove the model filter"
                  onClick={() => update({ model: null }, true)}
                >
                  ×
                </button>
              </span>
            ) : null}
          </div>
        ) : null}
      </div>

      {chart.error ? (
        <p className="error" role="alert">
          Could not load the usage: {chart.error.message}
        </p>
      ) : !summary ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : summary.total.events === 0 ? (
        <div className="empty">
          <h2>No usage recorded yet{periodText(state.period) ? ` ${periodText(state.period)}` : ""}</h2>
          <p className="muted">
            Token usage of every model request is priced when it is recorded and summed here
            {filtered ? " (for the chosen agent and model)" : ""}.
          </p>
        </div>
      ) : (
        <>
          <Totals summary={summary} />
          <section className="card chart-card">
            <div className="chart-head">
              <h2>
                {metric === "cost" ? "Cost" : "Tokens"} per day{" "}
                <span className="muted small">({periodText(state.period) || "all time"}, days in UTC)</span>
              </h2>
              <div className="segmented small" role="group" aria-label="Chart metric">
                {(["cost", "tokens"] as const).map((m) => (
                  <button
                    key={m}
                    type="button"
                    className={metric === m ? "seg active" : "seg"}
                    aria-pressed={metric === m}
                    onClick={() => update({ metric: m })}
                  >
                    {m === "cost" ? "Cost" : "Tokens"}
                  </button>
                ))}
              </div>
              <div className="segmented small" role="group" aria-label="Stack by">
                {(["model", "agent"] as const).map((s) => (
                  <button
                    key={s}
                    type="button"
                    className={state.stack === s ? "seg active" : "seg"}
                    aria-pressed={state.stack === s}
                    onClick={() => update({ stack: s })}
                  >
                    By {s}
                  </button>
                ))}
              </div>
            </div>
            {plotted ? (
              <CostChart
                series={plotted.series}
                bars={plotted.bars}
                metric={metric}
                onPickDay={(day) => update({ period: { id: "custom", from: day, to: day } }, true)}
              />
            ) : null}
          </section>

          {state.agentId ? <VersionTable params={common} /> : null}

          <div className="table-head">
            <div className="tabs" role="tablist">
              {GROUPS.map((g) => (
                <button
                  key={g.id}
                  role="tab"
                  aria-selected={state.by === g.id}
                  className={state.by === g.id ? "tab active" : "tab"}
                  onClick={() => update({ by: g.id, limit: TURNS_PAGE })}
                >
                  {g.label}
                </button>
              ))}
            </div>
            <button
              type="button"
              className="btn small"
              disabled={!table.data}
              onClick={() =>
                table.data &&
                download(
                  `atelier-usage-by-${table.data.groupBy}-${state.period.from ?? "start"}-to-${state.period.to ?? "now"}.csv`,
                  summaryCsv(table.data),
                )
              }
            >
              Export CSV
            </button>
          </div>
          {table.error ? (
            <p className="error" role="alert">
              Could not load the breakdown: {table.error.message}
            </p>
          ) : !table.data ? (
            <p className="muted" role="status">
              Loading…
            </p>
          ) : (
            <>
              {table.data.groupBy === "run" ? (
                <p className="muted small">
                  Each turn with its conclusion and the agents it called, newest first
                  {state.agentId ? `; only ${state.agentName ?? "the agent"}'s usage` : ""}. Open a turn for its trace.
                </p>
              ) : null}
              <BreakdownTable
                key={table.data.groupBy}
                summary={table.data}
                actions={{
                  onModel: (key) => update({ model: key }, true),
                  onAgent: (key, label) =>
                    update({ agentId: key, agentName: label, by: "run", limit: TURNS_PAGE }, true),
                  onDay: (day) => update({ period: { id: "custom", from: day, to: day } }, true),
                }}
              />
              {table.data.groupBy === "run" && table.data.rows.some((r) => r.remainder) && state.limit < 1000 ? (
                <button
                  type="button"
                  className="btn small more"
                  onClick={() => update({ limit: state.limit + TURNS_PAGE })}
                >
                  Show {TURNS_PAGE} more turns
                </button>
              ) : null}
            </>
          )}
        </>
      )}
    </div>
  );
}

function Totals({ summary }: { summary: UsageSummary }) {
  const t = summary.total;
  return (
    <div className="totals" data-testid="costs-totals">
      <div className="stat">
        <div className="stat-label">Cost</div>
        <div className="stat-value" data-testid="total-cost">
          {formatCost(t.costNanoUsd, t.pricing)}
        </div>
        {t.priceNames?.length ? (
          <div className="stat-note">
            priced by <PriceNames names={t.priceNames} />
          </div>
        ) : null}
        {t.pricing !== "all" ? (
          <div className="stat-note warn" data-testid="total-unpriced">
            {formatTokens(t.unpricedTokens)} tokens on models without price data are not in the cost
          </div>
        ) : (
          <div className="stat-note muted">priced when recorded</div>
        )}
      </div>
      <div className="stat">
        <div className="stat-label">Tokens</div>
        <div className="stat-value" data-testid="total-tokens">
          {formatTokens(t.totalTokens)}
        </div>
        <div className="stat-note muted">
          {formatTokens(t.inputTokens)} in · {formatTokens(t.outputTokens)} out
        </div>
      </div>
      <div className="stat">
        <div className="stat-label">Cache</div>
        <div className="stat-value">{formatTokens(t.cacheReadTokens)}</div>
        <div className="stat-note muted">tokens read · {formatTokens(t.cacheWriteTokens)} written</div>
      </div>
      <div className="stat">
        <div className="stat-label">Model requests</div>
        <div className="stat-value" data-testid="total-requests">
          {formatTokens(t.events)}
        </div>
        <div className="stat-note muted">
          {t.unpricedEvents ? `${formatTokens(t.unpricedEvents)} unpriced` : "all priced"}
        </div>
      </div>
    </div>
  );
}
