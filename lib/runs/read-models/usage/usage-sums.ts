/**
 * The integer sums behind the usage summary (summarize-usage.ts): the period split into whole days
 * (read from the rollup) and partial days (read from the records), the SQL that reads both in one
 * statement, and the folding of its bigint sums into rows that add up exactly.
 */
import type { z } from "zod";
import { Prisma } from "../../../db/generated/sqlite/client";
import { pricingOf } from "../../../events/usage-counters.shared";
import { periodOf, UsageSummaryQuery, type UsageRow, type UsageTotals } from "./usage-summary.shared";

export type Query = z.output<typeof UsageSummaryQuery>;

// ---------------------------------------------------------------------------------------------
// Period

export const DAY_MS = 86_400_000;
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
export const isMidnight = (d: Date) => d.getTime() % DAY_MS === 0;
export const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

export interface PeriodParts {
  /** Whole days read from the rollup: `day >= gte AND day < lt` (either open); null when none. */
  days: { gte: string | null; lt: string | null } | null;
  /** Partial days read from the records. */
  edges: Array<{ dayGte: string; dayLte: string; from: Date | null; to: Date | null }>;
}

/** Splits [from, to) into whole UTC days and the partial days at its ends. */
export function splitPeriod(from: Date | null, to: Date | null): PeriodParts {
  const firstWhole = from === null ? null : isMidnight(from) ? dayOf(from) : addDays(dayOf(from), 1);
  const endWhole = to === null ? null : dayOf(to); // exclusive: a partial last day is an edge
  if (firstWhole !== null && endWhole !== null && firstWhole >= endWhole) {
    // No whole day inside: at most two partial days, read from the records.
    const lastDay = isMidnight(to!) ? addDays(dayOf(to!), -1) : dayOf(to!);
    return { days: null, edges: [{ dayGte: dayOf(from!), dayLte: lastDay, from, to }] };
  }
  const edges: PeriodParts["edges"] = [];
  if (from && !isMidnight(from)) edges.push({ dayGte: dayOf(from), dayLte: dayOf(from), from, to: null });
  if (to && !isMidnight(to)) edges.push({ dayGte: dayOf(to), dayLte: dayOf(to), from: null, to });
  return { days: { gte: firstWhole, lt: endWhole }, edges };
}

/** Timestamps as both databases compare them to `createdAt` (SQLite stores ISO text with +00:00). */
export const ts = (d: Date) => d.toISOString().replace("Z", "+00:00");

// ---------------------------------------------------------------------------------------------
// SQL

export const MEASURES = [
  "events",
  "inputTokens",
  "outputTokens",
  "cacheReadTokens",
  "cacheWriteTokens",
  "totalTokens",
  "costNanoUsd",
] as const;
export type Measure = (typeof MEASURES)[number];

export const q = (name: string) => Prisma.raw(`"${name}"`);
export const and = (parts: Prisma.Sql[]) => (parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`1 = 1`);

export function filterSql(f: Query): Prisma.Sql[] {
  const out: Prisma.Sql[] = [];
  if (f.agentId) out.push(Prisma.sql`"agentId" = ${f.agentId}`);
  if (f.model) {
    const i = f.model.indexOf(":");
    out.push(Prisma.sql`"provider" = ${f.model.slice(0, i)} AND "model" = ${f.model.slice(i + 1)}`);
  }
  return out;
}

/**
 * The usage in the period and filters at the rollup's grain (day, agentId, agentVersion, provider,
 * model, priced), one measure column each: whole days from the rollup, partial days from the records.
 */
export function grainSql(query: Query): Prisma.Sql {
  const { from, to } = periodOf(query);
  const parts = splitPeriod(from, to);
  const filters = filterSql(query);
  const grain = Prisma.sql`"day", "agentId", "agentVersion", "provider", "model", "priced"`;
  const selects: Prisma.Sql[] = [];
  if (parts.days) {
    const where = [...filters];
    if (parts.days.gte) where.push(Prisma.sql`"day" >= ${parts.days.gte}`);
    if (parts.days.lt) where.push(Prisma.sql`"day" < ${parts.days.lt}`);
    selects.push(
      Prisma.sql`SELECT ${grain}, ${Prisma.join(MEASURES.map(q))} FROM "UsageDailyRollup" WHERE ${and(where)}`,
    );
  }
  for (const e of parts.edges) {
    const where = [...filters, Prisma.sql`"day" >= ${e.dayGte}`, Prisma.sql`"day" <= ${e.dayLte}`];
    if (e.from) where.push(Prisma.sql`"createdAt" >= ${ts(e.from)}`);
    if (e.to) where.push(Prisma.sql`"createdAt" < ${ts(e.to)}`);
    selects.push(
      Prisma.sql`SELECT ${grain}, 1 AS "events", ${Prisma.join(MEASURES.slice(1).map(q))} FROM "UsageRecord" WHERE ${and(where)}`,
    );
  }
  return Prisma.join(selects, " UNION ALL ");
}

/** Integer sums of every measure, split by pricing. */
export const sumsSql = Prisma.sql`"priced", ${Prisma.join(
  MEASURES.map((m) => Prisma.sql`CAST(SUM(${q(m)}) AS BIGINT) AS ${q(m)}`),
)}`;

export type SumRow = { priced: boolean | number | bigint } & Record<Measure, bigint | number | string | null>;

// ---------------------------------------------------------------------------------------------
// Folding integer sums into rows

export interface Acc {
  sums: Record<Measure, bigint>;
  unpricedTokens: bigint;
  unpricedEvents: bigint;
}
export const newAcc = (): Acc => ({
  sums: Object.fromEntries(MEASURES.map((m) => [m, 0n])) as Record<Measure, bigint>,
  unpricedTokens: 0n,
  unpricedEvents: 0n,
});
export const big = (v: bigint | number | string | null | undefined): bigint =>
  v === null || v === undefined ? 0n : typeof v === "bigint" ? v : BigInt(typeof v === "number" ? Math.trunc(v) : v);

export function addSums(acc: Acc, row: SumRow): void {
  for (const m of MEASURES) acc.sums[m] += big(row[m]);
  if (!truthy(row.priced)) {
    acc.unpricedTokens += big(row.totalTokens);
    acc.unpricedEvents += big(row.events);
  }
}
export function addAcc(acc: Acc, other: Acc): void {
  for (const m of MEASURES) acc.sums[m] += other.sums[m];
  acc.unpricedTokens += other.unpricedTokens;
  acc.unpricedEvents += other.unpricedEvents;
}
export function subAcc(acc: Acc, other: Acc): Acc {
  const out = newAcc();
  for (const m of MEASURES) out.sums[m] = acc.sums[m] - other.sums[m];
  out.unpricedTokens = acc.unpricedTokens - other.unpricedTokens;
  out.unpricedEvents = acc.unpricedEvents - other.unpricedEvents;
  return out;
}
export const truthy = (v: boolean | number | bigint) => v === true || v === 1 || v === 1n;

/** An integer sum as a JSON number; sums beyond 2^53 (9 million USD in one row) cannot be exact in JSON. */
export function num(v: bigint): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError(`usage sum ${v} exceeds the exact range of a JSON number`);
  return Number(v);
}

export function totalsOf(acc: Acc): UsageTotals {
  const events = num(acc.sums.events);
  const unpricedEvents = num(acc.unpricedEvents);
  return {
    events,
    inputTokens: num(acc.sums.inputTokens),
    outputTokens: num(acc.sums.outputTokens),
    cacheReadTokens: num(acc.sums.cacheReadTokens),
    cacheWriteTokens: num(acc.sums.cacheWriteTokens),
    totalTokens: num(acc.sums.totalTokens),
    costNanoUsd: num(acc.sums.costNanoUsd),
    unpricedTokens: num(acc.unpricedTokens),
    unpricedEvents,
    pricing: pricingOf(events, unpricedEvents),
  };
}

export const byCost = (a: UsageRow, b: UsageRow) =>
  b.costNanoUsd - a.costNanoUsd || b.totalTokens - a.totalTokens || a.key.localeCompare(b.key);
