/**
 * What a budget's scope spent in a window, summed exactly from stored usage (integer nano-USD and
 * token counts as bigints):
 * - workspace and agent: from `UsageDailyRollup` — windows are whole UTC days (budget-window.ts)
 *   and the rollup is kept equal to the records' sums by triggers in the same transaction, so
 *   summing its days is exact and reads a few rows per day instead of every record;
 * - user and API token: from `UsageRecord` by (`userId` | `apiTokenId`, `createdAt`), each an index.
 * Unpriced usage (`priced = false`) counts in the tokens and is counted apart: it has no cost.
 */
import type { Db } from "../db/client";
import type { BudgetScope } from "./budget-views.shared";
import { windowDay, type WindowRange } from "./budget-window";

export interface WindowSpend {
  costNanoUsd: bigint;
  totalTokens: bigint;
  /** Usage events with no price (their tokens count; their cost is unknown). */
  unpricedEvents: number;
}

export interface SpendScope {
  /** A BudgetScope (a stored row's text). */
  scope: BudgetScope | (string & {});
  scopeId: string | null;
}

const big = (v: bigint | number | null | undefined) => (v == null ? 0n : BigInt(v));

export async function windowSpend(db: Db, s: SpendScope, range: WindowRange): Promise<WindowSpend> {
  const spend: WindowSpend = { costNanoUsd: 0n, totalTokens: 0n, unpricedEvents: 0 };
  if (s.scope === "workspace" || s.scope === "agent") {
    const rows = await db.usageDailyRollup.groupBy({
      by: ["priced"],
      where: {
        day: { gte: windowDay(range.start), lt: windowDay(range.end) },
        ...(s.scope === "agent" ? { agentId: s.scopeId ?? "" } : {}),
      },
      _sum: { costNanoUsd: true, totalTokens: true, events: true },
    });
    for (const r of rows) {
      spend.costNanoUsd += big(r._sum.costNanoUsd);
      spend.totalTokens += big(r._sum.totalTokens);
      if (!r.priced) spend.unpricedEvents += Number(big(r._sum.events));
    }
    return spend;
  }
  const rows = await db.usageRecord.groupBy({
    by: ["priced"],
    where: {
      ...(s.scope === "user" ? { userId: s.scopeId ?? "" } : { apiTokenId: s.scopeId ?? "" }),
      createdAt: { gte: range.start, lt: range.end },
    },
    _sum: { costNanoUsd: true, totalTokens: true },
    _count: { _all: true },
  });
  for (const r of rows) {
    spend.costNanoUsd += big(r._sum.costNanoUsd);
    spend.totalTokens += big(r._sum.totalTokens);
    if (!r.priced) spend.unpricedEvents += r._count._all;
  }
  return spend;
}
