/**
 * Cost and token totals from the priced usage records, grouped by model, agent, run (the user's
 * turn, including its conclusion and child runs) or UTC day. Costs are priced when the usage
 * event is written, so this only sums; the rows always add up to the total.
 */
import { z } from "zod";
import type { Db } from "../db/client";

export const UsageGroupBy = z.enum(["model", "agent", "run", "day"]);
export type UsageGroupBy = z.infer<typeof UsageGroupBy>;

const isoDate = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: "must be an ISO date or date-time" })
  .transform((s) => new Date(s));

export const UsageSummaryQuery = z
  .object({
    groupBy: UsageGroupBy.default("model"),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] });
export type UsageSummaryQuery = z.infer<typeof UsageSummaryQuery>;

export interface UsageTotals {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Integer nano-USD (1 USD = 1e9). */
  costNanoUsd: number;
  /** Tokens spent on models the price data does not know (costed at 0, marked unpriced). */
  unpricedTokens: number;
  events: number;
}

export interface UsageRow extends UsageTotals {
  key: string;
  label: string;
}

export interface UsageSummary {
  groupBy: UsageGroupBy;
  rows: UsageRow[];
  total: UsageTotals;
}

const emptyTotals = (): UsageTotals => ({
  inputTokens: 0,
  outputTokens: 0,
  totalTokens: 0,
  costNanoUsd: 0,
  unpricedTokens: 0,
  events: 0,
});

export async function summarizeUsage(db: Db, query: UsageSummaryQuery): Promise<UsageSummary> {
  const where = {
    ...(query.from || query.to
      ? { createdAt: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lte: query.to } : {}) } }
      : {}),
  };
  const by = {
    model: ["provider", "model"] as const,
    agent: ["agentId"] as const,
    run: ["rootRunId"] as const,
    day: ["day"] as const,
  }[query.groupBy];
  const groups = await db.usageRecord.groupBy({
    by: [...by, "priced"],
    where,
    _sum: { inputTokens: true, outputTokens: true, totalTokens: true, costNanoUsd: true },
    _count: { _all: true },
  });
  const rows = new Map<string, UsageRow>();
  for (const g of groups) {
    const rec = g as unknown as Record<string, string>;
    const key = by.map((f) => rec[f]).join(":");
    const row = rows.get(key) ?? { key, label: key, ...emptyTotals() };
    row.inputTokens += g._sum.inputTokens ?? 0;
    row.outputTokens += g._sum.outputTokens ?? 0;
    row.totalTokens += g._sum.totalTokens ?? 0;
    row.costNanoUsd += Number(g._sum.costNanoUsd ?? 0);
    if (!g.priced) row.unpricedTokens += g._sum.totalTokens ?? 0;
    row.events += g._count._all;
    rows.set(key, row);
  }
  if (query.groupBy === "agent" && rows.size > 0) {
    const agents = await db.agent.findMany({
      where: { id: { in: [...rows.keys()] } },
      select: { id: true, name: true },
    });
    for (const a of agents) rows.get(a.id)!.label = a.name;
  }
  const list = [...rows.values()].sort(
    (a, b) => b.costNanoUsd - a.costNanoUsd || b.totalTokens - a.totalTokens || a.key.localeCompare(b.key),
  );
  if (query.groupBy === "day") list.sort((a, b) => a.key.localeCompare(b.key));
  const total = list.reduce((t, r) => {
    for (const k of Object.keys(t) as Array<keyof UsageTotals>) t[k] += r[k];
    return t;
  }, emptyTotals());
  return { groupBy: query.groupBy, rows: list, total };
}
