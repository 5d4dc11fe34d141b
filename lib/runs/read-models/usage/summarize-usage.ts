/**
 * Tokens and cost from the priced usage records, grouped by answering model, agent, the user's
 * turn, UTC day, or — for one agent — agent version, over a period and optionally one agent and one
 * model. Costs are priced when a
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
 * `agentVersion` compares one agent's versions (the query requires `agentId`): a row per version
 * with usage in the period, oldest first, each with its run count (`runCount`, usage-by-version.ts).
 * Usage counts under the version of the run it belongs to; usage from before agent versions, as 1.
 *
 * A model without price data keeps its tokens: `unpricedTokens` / `unpricedEvents` count them and
 * `pricing` says whether a row's cost covers all, some or none of its usage — never a silent $0.
 */
import type { Db } from "../../../db/client";
import { Prisma } from "../../../db/generated/sqlite/client";
import { summarizeByTurn, namesOfAgents } from "./usage-by-turn";
import { namedPriceMarks, priceNamesField } from "./usage-price-names";
import { byVersion, runsByVersion, versionLabel } from "./usage-by-version";
import { addSums, byCost, grainSql, newAcc, q, sumsSql, totalsOf, type Acc, type SumRow } from "./usage-sums";
import {
  periodOf,
  UsageSummaryQuery,
  type Pricing,
  type UsageGroupBy,
  type UsageRow,
  type UsageSummary,
} from "./usage-summary.shared";

// The shapes live in usage-summary.shared.ts (the contract and the dashboard use them).
export type { Pricing, UsageSummaryQuery };
export { OUTSIDE_RUNS, REMAINDER_KEY } from "./usage-by-turn";
export { splitPeriod } from "./usage-sums";

// ---------------------------------------------------------------------------------------------
// Model, agent, day

const GROUP_COLUMNS: Record<Exclude<UsageGroupBy, "run">, string[]> = {
  model: ["provider", "model"],
  agent: ["agentId"],
  day: ["day"],
  agentVersion: ["agentVersion"],
};

type KeyRow = SumRow &
  Partial<Record<"provider" | "model" | "agentId" | "day" | "s_provider" | "s_model" | "s_agentId", string>> & {
    agentVersion?: number | bigint;
  };

export async function summarizeUsage(db: Db, input: UsageSummaryQuery): Promise<UsageSummary> {
  const query = UsageSummaryQuery.parse(input);
  const { from, to } = periodOf(query);
  const head = {
    groupBy: query.groupBy,
    period: { from: from?.toISOString() ?? null, to: to?.toISOString() ?? null },
    filters: { agentId: query.agentId ?? null, model: query.model ?? null },
    stack: query.stack ?? null,
  };
  if (query.groupBy === "run") {
    const [byTurn, marks] = await Promise.all([summarizeByTurn(db, query), namedPriceMarks(db, query)]);
    const names = new Set(marks.map((m) => m.name));
    return { ...head, ...byTurn, total: { ...byTurn.total, ...priceNamesField(names) } };
  }

  const groupCols = GROUP_COLUMNS[query.groupBy];
  const stackCols = query.stack ? GROUP_COLUMNS[query.stack] : [];
  const select = [...groupCols.map((c) => q(c)), ...stackCols.map((c) => Prisma.sql`${q(c)} AS ${q(`s_${c}`)}`)];
  const groupBy = Prisma.join([...new Set([...groupCols, ...stackCols])].map(q).concat(q("priced")));
  const [rows, runCounts, marks] = await Promise.all([
    db.$queryRaw<KeyRow[]>(
      Prisma.sql`SELECT ${Prisma.join(select)}, ${sumsSql} FROM (${grainSql(query)}) AS u GROUP BY ${groupBy}`,
    ),
    query.groupBy === "agentVersion" ? runsByVersion(db, query) : null,
    namedPriceMarks(db, query),
  ]);

  const keyOf = (r: KeyRow, cols: string[], prefix = "") =>
    cols.map((c) => String(r[`${prefix}${c}` as keyof KeyRow])).join(":");
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

  // The named custom prices behind each row, stack and the total (usage-price-names.ts).
  const named = new Map<string, Set<string>>();
  const mark = (key: string, name: string) => {
    let set = named.get(key);
    if (!set) named.set(key, (set = new Set()));
    set.add(name);
  };
  for (const m of marks) {
    const r = m as unknown as KeyRow;
    const key = keyOf(r, groupCols);
    mark("", m.name);
    mark(`row:${key}`, m.name);
    if (stackCols.length) mark(`stack:${key}\u0000${keyOf(r, stackCols)}`, m.name);
  }

  const agentIds = new Set<string>();
  if (query.groupBy === "agent") for (const k of groups.keys()) agentIds.add(k);
  if (query.stack === "agent") for (const g of groups.values()) for (const k of g.stacks.keys()) agentIds.add(k);
  const agentNames = await namesOfAgents(db, [...agentIds]);
  const labelOf = (by: Exclude<UsageGroupBy, "run">, key: string) =>
    by === "agent" ? (agentNames.get(key) ?? "(deleted agent)") : by === "agentVersion" ? versionLabel(key) : key;

  const list: UsageRow[] = [...groups].map(([key, g]) => ({
    key,
    label: labelOf(query.groupBy as Exclude<UsageGroupBy, "run">, key),
    ...totalsOf(g.acc),
    ...priceNamesField(named.get(`row:${key}`)),
    ...(runCounts ? { runCount: runCounts.get(key) ?? 0 } : {}),
    ...(query.stack
      ? {
          stack: [...g.stacks]
            .map(([sk, s]) => ({
              key: sk,
              label: labelOf(query.stack!, sk),
              ...totalsOf(s),
              ...priceNamesField(named.get(`stack:${key}\u0000${sk}`)),
            }))
            .sort(byCost),
        }
      : {}),
  }));
  if (query.groupBy === "day") list.sort((a, b) => a.key.localeCompare(b.key));
  else if (query.groupBy === "agentVersion") list.sort(byVersion);
  else list.sort(byCost);
  return { ...head, rows: list, total: { ...totalsOf(total), ...priceNamesField(named.get("")) } };
}
