"use client";
/**
 * One breakdown of the usage summary as a sortable table: by model, agent, turn or day, the total
 * in the footer. Rows drill down: a model or a day narrows the dashboard, an agent opens its
 * turns, a turn lists its runs (its own, its conclusion, the agents it called) and links to traces.
 */
import Link from "next/link";
import { Fragment, useState } from "react";
import type { UsageGroupBy, UsageRow, UsageSummary } from "@/lib/runs/read-models/usage/usage-summary.shared";
import { formatDateTime } from "@/components/shell/format";
import { formatCost, formatTokens } from "@/components/runs/usage-format";
import { PriceNames } from "./price-names";
import { formatNanoUsd } from "@/lib/events/money.shared";
import { sortRows, type Sort, type SortKey } from "./costs-model";

const runHref = (id: string) => `/runs/${encodeURIComponent(id)}`;

const GROUP_TITLE: Record<UsageGroupBy, string> = {
  model: "Model",
  agent: "Agent",
  run: "Turn",
  day: "Day",
  agentVersion: "Version",
};

const COLUMNS: Array<{ key: SortKey; label: string; title?: string }> = [
  { key: "events", label: "Requests" },
  { key: "inputTokens", label: "Input", title: "Input tokens, cache reads and writes included" },
  { key: "outputTokens", label: "Output", title: "Output tokens" },
  { key: "cacheReadTokens", label: "Cache read / write", title: "Input tokens read from and written to the cache" },
  { key: "totalTokens", label: "Total tokens" },
  { key: "costNanoUsd", label: "Cost" },
];

export interface BreakdownActions {
  onModel?: (key: string) => void;
  onAgent?: (key: string, label: string) => void;
  onDay?: (day: string) => void;
}

/** A row's cost: "unpriced" when none of its usage is priced (never $0.00), "+ unpriced" when some is. */
export function CostCell({
  row,
}: {
  row: Pick<UsageRow, "costNanoUsd" | "pricing" | "unpricedTokens" | "priceNames">;
}) {
  const note = `${formatTokens(row.unpricedTokens)} tokens on models without price data: counted in tokens, not in cost`;
  return (
    <td className="num cost-cell" data-testid="row-cost">
      {row.pricing === "none" ? (
        <span className="pill warn" data-testid="unpriced" title={note}>
          unpriced
        </span>
      ) : (
        <>
          {formatNanoUsd(row.costNanoUsd)}
          {row.pricing === "some" ? (
            <span className="pill warn" data-testid="unpriced" title={note}>
              + unpriced
            </span>
          ) : null}
        </>
      )}
      <PriceNames names={row.priceNames} />
    </td>
  );
}

function Measures({ row }: { row: UsageRow }) {
  return (
    <>
      <td className="num">{formatTokens(row.events)}</td>
      <td className="num">{formatTokens(row.inputTokens)}</td>
      <td className="num">{formatTokens(row.outputTokens)}</td>
      <td className="num">
        {formatTokens(row.cacheReadTokens)} / {formatTokens(row.cacheWriteTokens)}
      </td>
      <td className="num">{formatTokens(row.totalTokens)}</td>
      <CostCell row={row} />
    </>
  );
}

function GroupCell({ groupBy, row, actions }: { groupBy: UsageGroupBy; row: UsageRow; actions: BreakdownActions }) {
  if (groupBy === "model" && actions.onModel)
    return (
      <button
        type="button"
        className="link-button dark mono"
        onClick={() => actions.onModel!(row.key)}
        title="Show only this model"
      >
        {row.label}
      </button>
    );
  if (groupBy === "agent")
    return (
      <span className="group-cell">
        <span className="mono">{row.label}</span>
        {actions.onAgent ? (
          <button
            type="button"
            className="btn small"
            onClick={() => actions.onAgent!(row.key, row.label)}
            data-testid="agent-runs"
            title="This agent's turns"
          >
            Runs →
          </button>
        ) : null}
      </span>
    );
  if (groupBy === "day" && actions.onDay)
    return (
      <button
        type="button"
        className="link-button dark mono"
        onClick={() => actions.onDay!(row.key)}
        title="Show only this day"
      >
        {row.key}
      </button>
    );
  return <span className="mono">{row.label}</span>;
}

function TurnRows({ row }: { row: UsageRow }) {
  const [open, setOpen] = useState(false);
  if (row.remainder)
    return (
      <tr className="remainder" data-testid="remainder-row">
        <td colSpan={2} className="muted">
          Earlier turns in this period (summed)
        </td>
        <Measures row={row} />
      </tr>
    );
  const runs = row.runs ?? [];
  const many = runs.length > 1;
  return (
    <>
      <tr data-testid="turn-row" data-run={row.key}>
        <td className="turn-cell">
          {many ? (
            <button
              type="button"
              className="twisty"
              aria-expanded={open}
              aria-label={open ? "Hide the turn's runs" : "Show the turn's runs"}
              onClick={() => setOpen(!open)}
            >
              {open ? "▾" : "▸"}
            </button>
          ) : (
            <span className="twisty" />
          )}
          <span className="turn-label">
            {row.run ? (
              <Link href={runHref(row.run.id)} data-testid="trace-link" title="Open the trace">
                {row.label}
              </Link>
            ) : (
              <span className="muted">{row.label}</span>
            )}
            <span className="muted small">
              {row.run ? ` ${row.run.agentName}` : ""}
              {row.run?.conversationTitle && row.run.conversationTitle !== row.label
                ? ` · ${row.run.conversationTitle}`
                : ""}
              {many ? ` · ${runs.length} runs` : ""}
            </span>
          </span>
        </td>
        <td className="small muted nowrap">{row.lastAt ? formatDateTime(row.lastAt) : "—"}</td>
        <Measures row={row} />
      </tr>
      {open
        ? runs.map((r) => (
            <tr key={r.key} className="sub-row" data-testid="run-row">
              <td style={{ paddingLeft: 34 + 16 * (r.run?.depth ?? 0) }}>
                <span className="pill">{r.run?.kind ?? "run"}</span>
                {r.run ? (
                  <Link className="mono" href={runHref(r.run.id)}>
                    {r.run.agentName}
                  </Link>
                ) : (
                  <span className="mono">{r.label}</span>
                )}
              </td>
              <td className="small muted nowrap">{r.run ? formatDateTime(r.run.startedAt) : "—"}</td>
              <Measures row={r} />
            </tr>
          ))
        : null}
    </>
  );
}

export function BreakdownTable({
  summary,
  actions,
}: {
  summary: Pick<UsageSummary, "groupBy" | "rows" | "total">;
  actions: BreakdownActions;
}) {
  const [sort, setSort] = useState<Sort | null>(null);
  const byRun = summary.groupBy === "run";
  const rows = sortRows(summary.rows, sort);
  const header = (key: SortKey, label: string, title?: string, num = true) => {
    const active = sort?.key === key;
    return (
      <th
        key={key}
        className={num ? "num" : undefined}
        aria-sort={active ? (sort!.dir === "asc" ? "ascending" : "descending") : "none"}
        title={title}
      >
        <button
          type="button"
          className="sort"
          onClick={() =>
            setSort(
              active && sort!.dir === (num ? "desc" : "asc")
                ? { key, dir: num ? "asc" : "desc" }
                : active
                  ? null
                  : { key, dir: num ? "desc" : "asc" },
            )
          }
        >
          {label}
          <span className="sort-mark">{active ? (sort!.dir === "asc" ? "▲" : "▼") : ""}</span>
        </button>
      </th>
    );
  };
  return (
    <table className="table breakdown" data-testid="costs-table" data-group={summary.groupBy}>
      <thead>
        <tr>
          {header("label", GROUP_TITLE[summary.groupBy], undefined, false)}
          {byRun ? header("lastAt", "Last usage", undefined, false) : null}
          {COLUMNS.map((c) => header(c.key, c.label, c.title))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) =>
          byRun ? (
            <TurnRows key={r.key} row={r} />
          ) : (
            <Fragment key={r.key}>
              <tr data-testid="breakdown-row" data-key={r.key}>
                <td>
                  <GroupCell groupBy={summary.groupBy} row={r} actions={actions} />
                </td>
                <Measures row={r} />
              </tr>
            </Fragment>
          ),
        )}
      </tbody>
      <tfoot>
        <tr data-testid="total-row">
          <th colSpan={byRun ? 2 : 1}>Total</th>
          <th className="num">{formatTokens(summary.total.events)}</th>
          <th className="num">{formatTokens(summary.total.inputTokens)}</th>
          <th className="num">{formatTokens(summary.total.outputTokens)}</th>
          <th className="num">
            {formatTokens(summary.total.cacheReadTokens)} / {formatTokens(summary.total.cacheWriteTokens)}
          </th>
          <th className="num">{formatTokens(summary.total.totalTokens)}</th>
          <th className="num">
            {formatCost(summary.total.costNanoUsd, summary.total.pricing)}
            <PriceNames names={summary.total.priceNames} />
          </th>
        </tr>
      </tfoot>
    </table>
  );
}
