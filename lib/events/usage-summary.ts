/**
 * Tokens and cost from the priced usage records, grouped by answering model, agent, the user's
 * turn, or UTC day, over a period and optionally one agent and one model. Costs are priced when a
 * usage event is written (integer nano-USD), so this only sums — in SQL, over integers — and every
 * breakdown's rows add up to its total exactly.
 *
 * Where the sums come from:
 * - whole UTC days from `UsageDailyRollup` (sums per day, agent, model and pricing, kept equal to
 *   the records by database triggers), so a summary over a million records reads thousands of rows;
 * - the partial days at either end of a period that does not start or end at midnight from the
 *   records themselves;
 * both in one statement, so the rows and the total are one consistent snapshot.
 *
 * `run` groups by the user's turn (`rootRunId`): a turn's row includes its conclusion run and the
 * child runs of agents it called as tools, which are listed under it (`runs`, adding up to the
 * row). Turns are listed newest first (by their last usage in the period), `limit` of them; the
 * turns not listed are one remainder row, so the rows still add up to the total. Usage recorded
 * outside any run (a compaction's summarizer) is one row, "(outside runs)".
 *
 * A model without price data keeps its tokens: `unpricedTokens` / `unpricedEvents` count them and
 * `pricing` says whether a row's cost covers all, some or none of its usage — never a silent $0.
 */
import type { z } from "zod";
import type { Db } from "../db/client";
import { Prisma } from "../db/generated/sqlite/client";
import type { RunKind, RunStatus } from "./event-types.shared";
import {
  periodOf,
  UsageSummaryQuery,
  type Pricing,
  type UsageGroupBy,
  type UsageRow,
  type UsageRunInfo,
  type UsageSummary,
  type UsageTotals,
} from "./usage-summary.shared";

// The shapes live in usage-summary.shared.ts (the contract and the dashboard use them).
export type { Pricing, UsageSummaryQuery };

type Query = z.output<typeof UsageSummaryQuery>;

export const OUTSIDE_RUNS = "(outside runs)";
export const REMAINDER_KEY = "(earlier turns)";

// ---------------------------------------------------------------------------------------------
// Period

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const isMidnight = (d: Date) => d.getTime() % DAY_MS === 0;
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

interface PeriodParts {
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
const ts = (d: Date) => d.toISOString().replace("Z", "+00:00");

// ---------------------------------------------------------------------------------------------
// SQL

const MEASURES = [
  "events",
  "inputTokens",
  "outputTokens",
  "cacheReadTokens",
  "cacheWriteTokens",
  "totalTokens",
  "costNanoUsd",
] as const;
type Measure = (typeof MEASURES)[number];

const q = (name: string) => Prisma.raw(`"${name}"`);
const and = (parts: Prisma.Sql[]) => (parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`1 = 1`);

function filterSql(f: Query): Prisma.Sql[] {
  const out: Prisma.Sql[] = [];
  if (f.agentId) out.push(Prisma.sql`"agentId" = ${f.agentId}`);
  if (f.model) {
    const i = f.model.indexOf(":");
    out.push(Prisma.sql`"provider" = ${f.model.slice(0, i)} AND "model" = ${f.model.slice(i + 1)}`);
  }
  return out;
}

/**
 * The usage in the period and filters at the rollup's grain (day, agentId, provider, model,
 * priced), one measure column each: whole days from the rollup, partial days from the records.
 */
function grainSql(query: Query): Prisma.Sql {
  const { from, to } = periodOf(query);
  const parts = splitPeriod(from, to);
  const filters = filterSql(query);
  const grain = Prisma.sql`"day", "agentId", "provider", "model", "priced"`;
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
const sumsSql = Prisma.sql`"priced", ${Prisma.join(
  MEASURES.map((m) => Prisma.sql`CAST(SUM(${q(m)}) AS BIGINT) AS ${q(m)}`),
)}`;

type SumRow = { priced: boolean | number | bigint } & Record<Measure, bigint | number | string | null>;

// ---------------------------------------------------------------------------------------------
// Folding integer sums into rows

interface Acc {
  sums: Record<Measure, bigint>;
  unpricedTokens: bigint;
  unpricedEvents: bigint;
}
const newAcc = (): Acc => ({
  sums: Object.fromEntries(MEASURES.map((m) => [m, 0n])) as Record<Measure, bigint>,
  unpricedTokens: 0n,
  unpricedEvents: 0n,
});
const big = (v: bigint | number | string | null | undefined): bigint =>
  v === null || v === undefined ? 0n : typeof v === "bigint" ? v : BigInt(typeof v === "number" ? Math.trunc(v) : v);

function addSums(acc: Acc, row: SumRow): void {
  for (const m of MEASURES) acc.sums[m] += big(row[m]);
  if (!truthy(row.priced)) {
    acc.unpricedTokens += big(row.totalTokens);
    acc.unpricedEvents += big(row.events);
  }
}
function addAcc(acc: Acc, other: Acc): void {
  for (const m of MEASURES) acc.sums[m] += other.sums[m];
  acc.unpricedTokens += other.unpricedTokens;
  acc.unpricedEvents += other.unpricedEvents;
}
function subAcc(acc: Acc, other: Acc): Acc {
  const out = newAcc();
  for (const m of MEASURES) out.sums[m] = acc.sums[m] - other.sums[m];
  out.unpricedTokens = acc.unpricedTokens - other.unpricedTokens;
  out.unpricedEvents = acc.unpricedEvents - other.unpricedEvents;
  return out;
}
const truthy = (v: boolean | number | bigint) => v === true || v === 1 || v === 1n;

/** An integer sum as a JSON number; sums beyond 2^53 (9 million USD in one row) cannot be exact in JSON. */
function num(v: bigint): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError(`usage sum ${v} exceeds the exact range of a JSON number`);
  return Number(v);
}

export function pricingOf(events: number, unpricedEvents: number): Pricing {
  return unpricedEvents === 0 ? "all" : unpricedEvents >= events ? "none" : "some";
}

function totalsOf(acc: Acc): UsageTotals {
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

const byCost = (a: UsageRow, b: UsageRow) =>
  b.costNanoUsd - a.costNanoUsd || b.totalTokens - a.totalTokens || a.key.localeCompare(b.key);

// ---------------------------------------------------------------------------------------------
// Model, agent, day

const GROUP_COLUMNS: Record<Exclude<UsageGroupBy, "run">, string[]> = {
  model: ["provider", "model"],
  agent: ["agentId"],
  day: ["day"],
};

type KeyRow = SumRow &
  Partial<Record<"provider" | "model" | "agentId" | "day" | "s_provider" | "s_model" | "s_agentId", string>>;

export async function summarizeUsage(db: Db, input: UsageSummaryQuery): Promise<UsageSummary> {
  const query = UsageSummaryQuery.parse(input);
  const { from, to } = periodOf(query);
  const head = {
    groupBy: query.groupBy,
    period: { from: from?.toISOString() ?? null, to: to?.toISOString() ?? null },
    filters: { agentId: query.agentId ?? null, model: query.model ?? null },
    stack: query.stack ?? null,
  };
  if (query.groupBy === "run") return { ...head, ...(await summarizeByTurn(db, query)) };

  const groupCols = GROUP_COLUMNS[query.groupBy];
  const stackCols = query.stack ? GROUP_COLUMNS[query.stack] : [];
  const select = [...groupCols.map((c) => q(c)), ...stackCols.map((c) => Prisma.sql`${q(c)} AS ${q(`s_${c}`)}`)];
  const groupBy = Prisma.join([...new Set([...groupCols, ...stackCols])].map(q).concat(q("priced")));
  const rows = await db.$queryRaw<KeyRow[]>(
    Prisma.sql`SELECT ${Prisma.join(select)}, ${sumsSql} FROM (${grainSql(query)}) AS u GROUP BY ${groupBy}`,
  );

  const keyOf = (r: KeyRow, cols: string[], prefix = "") =>
    cols.map((c) => r[`${prefix}${c}` as keyof KeyRow] as string).join(":");
  const groups = new Map<string, { acc: Acc; stacks: Map<string, Acc> }>();
  const total = newAcc();
  for (const r of rows) {
    const key = keyOf(r, groupCols);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { acc: newAcc(), stacks: new Map() }));
    addSums(g.acc, r);
    addSums(total, r);
    if (stackCols.length) {
      const sk = keyOf(r, stackCols, "s_");
      let s = g.stacks.get(sk);
      if (!s) g.stacks.set(sk, (s = newAcc()));
      addSums(s, r);
    }
  }

  const agentIds = new Set<string>();
  if (query.groupBy === "agent") for (const k of groups.keys()) agentIds.add(k);
  if (query.stack === "agent") for (const g of groups.values()) for (const k of g.stacks.keys()) agentIds.add(k);
  const agentNames = await namesOfAgents(db, [...agentIds]);
  const labelOf = (by: Exclude<UsageGroupBy, "run">, key: string) =>
    by === "agent" ? (agentNames.get(key) ?? "(deleted agent)") : key;

  const list: UsageRow[] = [...groups].map(([key, g]) => ({
    key,
    label: labelOf(query.groupBy as Exclude<UsageGroupBy, "run">, key),
    ...totalsOf(g.acc),
    ...(query.stack
      ? {
          stack: [...g.stacks]
            .map(([sk, s]) => ({ key: sk, label: labelOf(query.stack!, sk), ...totalsOf(s) }))
            .sort(byCost),
        }
      : {}),
  }));
  if (query.groupBy === "day") list.sort((a, b) => a.key.localeCompare(b.key));
  else list.sort(byCost);
  return { ...head, rows: list, total: totalsOf(total) };
}

async function namesOfAgents(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const agents = await db.agent.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(agents.map((a) => [a.id, a.name]));
}

// ---------------------------------------------------------------------------------------------
// By turn

/** The newest turns with usage in the period and filters, newest first, and whether more exist. */
async function newestTurns(db: Db, query: Query): Promise<{ ids: string[]; lastAt: Map<string, Date> }> {
  const { from, to } = periodOf(query);
  const where = filterSql(query);
  if (from) where.push(Prisma.sql`"createdAt" >= ${ts(from)}`);
  if (to) where.push(Prisma.sql`"createdAt" < ${ts(to)}`);
  const want = query.limit;
  const lastAt = new Map<string, Date>();
  // Walk the records newest first (createdAt indexes) until `want` distinct turns are seen.
  let offset = 0;
  let batch = Math.max(64, want * 4);
  for (;;) {
    const rows = await db.$queryRaw<Array<{ rootRunId: string; createdAt: Date | string }>>(
      Prisma.sql`SELECT "rootRunId", "createdAt" FROM "UsageRecord" WHERE ${and(where)}
        ORDER BY "createdAt" DESC LIMIT ${batch} OFFSET ${offset}`,
    );
    for (const r of rows) {
      if (lastAt.size >= want) break;
      if (!lastAt.has(r.rootRunId)) lastAt.set(r.rootRunId, new Date(r.createdAt));
    }
    if (lastAt.size >= want || rows.length < batch) break;
    offset += batch;
    batch *= 4;
  }
  return { ids: [...lastAt.keys()], lastAt };
}

type TurnSumRow = SumRow & { part: string; rootRunId: string | null; runId: string | null };

async function summarizeByTurn(db: Db, query: Query): Promise<{ rows: UsageRow[]; total: UsageTotals }> {
  const { ids, lastAt } = await newestTurns(db, query);
  const { from, to } = periodOf(query);
  const where = filterSql(query);
  if (from) where.push(Prisma.sql`"createdAt" >= ${ts(from)}`);
  if (to) where.push(Prisma.sql`"createdAt" < ${ts(to)}`);
  // The listed turns' runs and the total in one statement: one snapshot, so the remainder is exact.
  const listed = ids.length
    ? Prisma.sql`SELECT 'turn' AS "part", "rootRunId", "runId", ${sumsSql}
        FROM (SELECT "rootRunId", "runId", "priced", 1 AS "events", ${Prisma.join(MEASURES.slice(1).map(q))}
              FROM "UsageRecord" WHERE "rootRunId" IN (${Prisma.join(ids)}) AND ${and(where)}) AS t
        GROUP BY "rootRunId", "runId", "priced"
        UNION ALL `
    : Prisma.empty;
  const rows = await db.$queryRaw<TurnSumRow[]>(
    Prisma.sql`${listed}SELECT 'total' AS "part", NULL AS "rootRunId", NULL AS "runId", ${sumsSql}
      FROM (${grainSql(query)}) AS u GROUP BY "priced"`,
  );

  const total = newAcc();
  const turns = new Map<string, { acc: Acc; runs: Map<string, Acc> }>(
    ids.map((id) => [id, { acc: newAcc(), runs: new Map() }]),
  );
  for (const r of rows) {
    if (r.part === "total") {
      addSums(total, r);
      continue;
    }
    const turn = turns.get(r.rootRunId!)!;
    addSums(turn.acc, r);
    let run = turn.runs.get(r.runId!);
    if (!run) turn.runs.set(r.runId!, (run = newAcc()));
    addSums(run, r);
  }

  const runIds = new Set<string>();
  for (const [id, t] of turns) {
    if (id) runIds.add(id);
    for (const r of t.runs.keys()) if (r) runIds.add(r);
  }
  const info = await runInfo(db, [...runIds], ids.filter(Boolean));

  const rowsOut: UsageRow[] = [];
  const listedAcc = newAcc();
  for (const id of ids) {
    const t = turns.get(id)!;
    if (t.acc.sums.events === 0n) continue; // usage moved out of the filters since the walk
    addAcc(listedAcc, t.acc);
    const runRows: UsageRow[] = [...t.runs].map(([runId, acc]) => {
      const r = info.get(runId) ?? null;
      return {
        key: runId || OUTSIDE_RUNS,
        label: runId ? runLabel(r, runId) : OUTSIDE_RUNS,
        run: r,
        ...totalsOf(acc),
      };
    });
    runRows.sort(
      (a, b) =>
        (a.key === id ? -1 : b.key === id ? 1 : 0) ||
        (a.run?.startedAt ?? "").localeCompare(b.run?.startedAt ?? "") ||
        a.key.localeCompare(b.key),
    );
    const turn = id ? (info.get(id) ?? null) : null;
    rowsOut.push({
      key: id || OUTSIDE_RUNS,
      label: id ? (turn?.prompt ?? runLabel(turn, id)) : OUTSIDE_RUNS,
      run: turn,
      runs: runRows,
      lastAt: lastAt.get(id)!.toISOString(),
      ...totalsOf(t.acc),
    });
  }
  const rest = subAcc(total, listedAcc);
  if (rest.sums.events !== 0n || MEASURES.some((m) => rest.sums[m] !== 0n))
    rowsOut.push({ key: REMAINDER_KEY, label: "Earlier turns", remainder: true, run: null, ...totalsOf(rest) });
  return { rows: rowsOut, total: totalsOf(total) };
}

function runLabel(r: UsageRunInfo | null, id: string): string {
  return r ? `${r.agentName} · ${r.kind} run` : id;
}

async function runInfo(db: Db, ids: string[], turnIds: string[]): Promise<Map<string, UsageRunInfo>> {
  if (ids.length === 0) return new Map();
  const runs = await db.run.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      kind: true,
      parentRunId: true,
      depth: true,
      agentId: true,
      status: true,
      model: true,
      startedAt: true,
      conversationId: true,
      conversation: { select: { title: true } },
    },
  });
  const [names, prompts] = await Promise.all([
    namesOfAgents(db, [...new Set(runs.map((r) => r.agentId))]),
    turnPrompts(db, turnIds),
  ]);
  return new Map(
    runs.map((r) => [
      r.id,
      {
        id: r.id,
        kind: r.kind as RunKind,
        parentRunId: r.parentRunId,
        depth: r.depth,
        agentId: r.agentId,
        agentName: names.get(r.agentId) ?? "(deleted agent)",
        status: r.status as RunStatus,
        model: r.model,
        startedAt: r.startedAt.toISOString(),
        conversationId: r.conversationId,
        conversationTitle: r.conversation.title,
        prompt: prompts.get(r.id) ?? null,
      },
    ]),
  );
}

const PROMPT_CHARS = 120;

/** Each turn's user message: the first LlmMessageEvent of the run. */
async function turnPrompts(db: Db, runIds: string[]): Promise<Map<string, string>> {
  if (runIds.length === 0) return new Map();
  const firsts = await db.event.groupBy({
    by: ["runId", "conversationId"],
    where: { runId: { in: runIds }, type: "LlmMessageEvent" },
    _min: { seq: true },
  });
  if (firsts.length === 0) return new Map();
  const events = await db.event.findMany({
    where: { OR: firsts.map((f) => ({ conversationId: f.conversationId, seq: f._min.seq! })) },
    select: { runId: true, payload: true },
  });
  const out = new Map<string, string>();
  for (const e of events) {
    const p = e.payload as { role?: string; parts?: Array<{ type: string; text?: string }> };
    if (p?.role !== "user") continue;
    const text = (p.parts ?? [])
      .filter((x) => x.type === "text")
      .map((x) => x.text ?? "")
      .join(" ")
      .replace(/\s+/g, " ")
      .trim();
    if (text) out.set(e.runId, text.length > PROMPT_CHARS ? `${text.slice(0, PROMPT_CHARS - 1)}…` : text);
  }
  return out;
}
