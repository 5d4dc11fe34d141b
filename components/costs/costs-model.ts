/**
 * The cost dashboard's pure parts: periods, the chart's series, sorting and CSV. Money stays
 * integer nano-USD until it is shown; CSV carries it exactly (nano-USD and a decimal dollar string).
 */
import { csvDocument, type CsvValue } from "@/lib/api/csv.shared";
import { pricingOf } from "@/lib/events/usage-counters.shared";
import type { UsageGroupBy, UsageRow, UsageSummary } from "@/lib/runs/read-models/usage/usage-summary.shared";

export type PeriodId = "7d" | "30d" | "90d" | "all" | "custom";

export interface Period {
  id: PeriodId;
  /** UTC dates, inclusive; null when open. */
  from: string | null;
  to: string | null;
}

const DAY_MS = 86_400_000;
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const PERIOD_LABELS: Record<Exclude<PeriodId, "custom">, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  all: "All time",
};

/** A preset period ending today (UTC): the last N days including today. */
export function presetPeriod(id: Exclude<PeriodId, "custom">, now = Date.now()): Period {
  if (id === "all") return { id, from: null, to: null };
  const days = { "7d": 7, "30d": 30, "90d": 90 }[id];
  return { id, from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

/** Every UTC day from `from` to `to` inclusive (at most `max`, the latest kept). */
export function daysBetween(from: string, to: string, max = 400): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += DAY_MS) out.push(utcDay(t));
  return out.slice(-max);
}

export type Metric = "cost" | "tokens";
export const metricOf = (r: { costNanoUsd: number; totalTokens: number }, m: Metric) =>
  m === "cost" ? r.costNanoUsd : r.totalTokens;

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  total: number;
  /** Whether the series' cost covers all, some or none of its usage. */
  pricing: "all" | "some" | "none";
}
export interface ChartBar {
  day: string;
  /** Per series key. */
  values: Record<string, number>;
  total: number;
  /** Whether the day's cost leaves out unpriced usage. */
  unpriced: boolean;
}

export const SERIES_COLORS = ["#3b5bdb", "#2b8a3e", "#e8590c", "#862e9c", "#0b7285", "#c2255c", "#5c940d", "#a61e4d"];
export const OTHER_COLOR = "#adb5bd";
export const OTHER_KEY = "(other)";

/**
 * Bars per day stacked by series: the `maxSeries - 1` largest series over the period by the metric
 * (all of them when they fit), the rest summed as "Other". Days without usage are empty bars.
 */
export function chartData(
  summary: Pick<UsageSummary, "rows">,
  metric: Metric,
  days: string[] | null,
  maxSeries = SERIES_COLORS.length,
): { series: ChartSeries[]; bars: ChartBar[] } {
  type Acc = { label: string; total: number; events: number; unpriced: number };
  const totals = new Map<string, Acc>();
  for (const row of summary.rows)
    for (const s of row.stack ?? []) {
      const t = totals.get(s.key) ?? { label: s.label, total: 0, events: 0, unpriced: 0 };
      t.total += metricOf(s, metric);
      t.events += s.events;
      t.unpriced += s.unpricedEvents;
      totals.set(s.key, t);
    }
  const ranked = [...totals].sort((a, b) => b[1].total - a[1].total || a[0].localeCompare(b[0]));
  const keep = ranked.length <= maxSeries ? ranked : ranked.slice(0, maxSeries - 1);
  const kept = new Set(keep.map(([k]) => k));
  const series: ChartSeries[] = keep.map(([key, t], i) => ({
    key,
    label: t.label,
    color: SERIES_COLORS[i],
    total: t.total,
    pricing: pricingOf(t.events, t.unpriced),
  }));
  if (ranked.length > keep.length) {
    const rest = ranked.slice(keep.length).map(([, t]) => t);
    series.push({
      key: OTHER_KEY,
      label: `Other (${rest.length})`,
      color: OTHER_COLOR,
      total: rest.reduce((a, t) => a + t.total, 0),
      pricing: pricingOf(
        rest.reduce((a, t) => a + t.events, 0),
        rest.reduce((a, t) => a + t.unpriced, 0),
      ),
    });
  }
  const byDay = new Map(summary.rows.map((r) => [r.key, r]));
  const dayList = days ?? summary.rows.map((r) => r.key);
  const bars = dayList.map((day) => {
    const row = byDay.get(day);
    const values: Record<string, number> = {};
    for (const s of row?.stack ?? []) {
      const key = kept.has(s.key) ? s.key : OTHER_KEY;
      values[key] = (values[key] ?? 0) + metricOf(s, metric);
    }
    return { day, values, total: row ? metricOf(row, metric) : 0, unpriced: !!row && row.pricing !== "all" };
  });
  return { series, bars };
}

/** About `count` round steps from 0 covering `max` (1, 2, 2.5 or 5 times a power of ten). */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0];
  const raw = max / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let v = 0; v <= max + step * 0.001; v += step) out.push(Math.round(v * 1e6) / 1e6);
  if (out[out.length - 1] < max) out.push(out[out.length - 1] + step);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tables

export type SortKey =
  "label" | "events" | "inputTokens" | "outputTokens" | "cacheReadTokens" | "totalTokens" | "costNanoUsd" | "lastAt";
export interface Sort {
  key: SortKey;
  dir: "asc" | "desc";
}

/** The server's order (days ascending, turns newest first, others by cost) until a column is chosen. */
export function sortRows(rows: UsageRow[], sort: Sort | null): UsageRow[] {
  const body = rows.filter((r) => !r.remainder);
  const rest = rows.filter((r) => r.remainder);
  if (!sort) return rows;
  const sign = sort.dir === "asc" ? 1 : -1;
  const value = (r: UsageRow) =>
    sort.key === "lastAt" ? (r.lastAt ?? "") : sort.key === "label" ? r.label : r[sort.key];
  const sorted = [...body].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    return sign * c || a.key.localeCompare(b.key);
  });
  return [...sorted, ...rest]; // the remainder stays last: it is not one group
}

/** Integer nano-USD as an exact decimal dollar string: 123000 → "0.000123000". */
export function nanoToUsdDecimal(nano: number): string {
  const sign = nano < 0 ? "-" : "";
  const abs = BigInt(Math.abs(Math.trunc(nano)));
  return `${sign}${abs / 1_000_000_000n}.${(abs % 1_000_000_000n).toString().padStart(9, "0")}`;
}

const GROUP_COLUMN: Record<UsageGroupBy, string> = {
  model: "model",
  agent: "agent",
  run: "turn",
  day: "day",
  agentVersion: "agent_version",
};

/**
 * A breakdown as CSV: one line per row (for `run`, each turn then its runs, marked by `level`; for
 * `agentVersion`, each version's `runs`), then the total. Money as integer nano-USD and as exact dollars. Written by the studio's one CSV
 * writer (lib/api/csv.shared.ts): a label that looks like a formula comes out as text.
 */
export function summaryCsv(summary: Pick<UsageSummary, "groupBy" | "rows" | "total">): string {
  const byRun = summary.groupBy === "run";
  const byVersion = summary.groupBy === "agentVersion";
  const header = [
    GROUP_COLUMN[summary.groupBy],
    "key",
    ...(byRun ? ["level", "run_kind", "agent", "started_at", "last_usage_at"] : []),
    ...(byVersion ? ["runs"] : []),
    "requests",
    "input_tokens",
    "output_tokens",
    "cache_read_tokens",
    "cache_write_tokens",
    "total_tokens",
    "cost_nano_usd",
    "cost_usd",
    "unpriced_tokens",
    "pricing",
  ];
  const line = (
    r: Omit<UsageRow, "key" | "label">,
    label: string,
    key: string,
    extra: Array<string | null> = [],
  ): CsvValue[] => [
    label,
    key,
    ...extra,
    r.events,
    r.inputTokens,
    r.outputTokens,
    r.cacheReadTokens,
    r.cacheWriteTokens,
    r.totalTokens,
    r.costNanoUsd,
    nanoToUsdDecimal(r.costNanoUsd),
    r.unpricedTokens,
    r.pricing,
  ];
  const lines: CsvValue[][] = [header];
  for (const r of summary.rows) {
    if (!byRun) {
      lines.push(line(r, r.label, r.key, byVersion ? [String(r.runCount ?? 0)] : []));
      continue;
    }
    lines.push(
      line(r, r.label, r.key, [
        r.remainder ? "remainder" : "turn",
        r.run?.kind ?? null,
        r.run?.agentName ?? null,
        r.run?.startedAt ?? null,
        r.lastAt ?? null,
      ]),
    );
    for (const c of r.runs ?? [])
      lines.push(
        line(c, c.label, c.key, ["run", c.run?.kind ?? null, c.run?.agentName ?? null, c.run?.startedAt ?? null, null]),
      );
  }
  const runs = String(summary.rows.reduce((n, r) => n + (r.runCount ?? 0), 0));
  lines.push(line(summary.total, "Total", "", byRun ? ["total", null, null, null, null] : byVersion ? [runs] : []));
  return csvDocument(lines);
}

/** Axis labels: 1234567 → "1.2M". */
export function compactNumber(n: number): string {
  const abs = Math.abs(n);
  const fmt = (v: number, unit: string) => `${Number(v.toFixed(v < 10 ? 1 : 0))}${unit}`;
  if (abs >= 1e9) return fmt(n / 1e9, "B");
  if (abs >= 1e6) return fmt(n / 1e6, "M");
  if (abs >= 1e3) return fmt(n / 1e3, "k");
  return String(Math.round(n * 100) / 100);
}

/** Axis labels for nano-USD: dollars with as few digits as the scale needs. */
export function compactUsd(nano: number): string {
  const usd = nano / 1e9;
  if (usd === 0) return "$0";
  if (Math.abs(usd) >= 1000) return `$${compactNumber(usd)}`;
  if (Math.abs(usd) >= 1) return `$${Number(usd.toFixed(2))}`;
  return `$${Number(usd.toPrecision(2))}`;
}
