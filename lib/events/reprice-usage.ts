/**
 * Re-prices every stored usage record with the installed price data (`npm run usage:reprice`):
 * after a genai-prices upgrade, after custom price entries were added, changed or deleted
 * (lib/prices, docs/prices.md — read once, at the start), or to fix records priced by a bug. Each record is priced at its
 * own `createdAt`, so a price change dated later does not reach back. Records whose cost, priced
 * flag or price version changed are updated, and every run owning one of them gets its
 * `costNanoUsd` recomputed as the sum of its records. The append-only event log is left as
 * written: its usage events keep the cost they were emitted with. The daily rollup follows the
 * records by itself: database triggers on UsageRecord updates move each changed cost.
 *
 * Safe to run again (a second run changes nothing). Run costs are recomputed from the records, so
 * a run that is still being charged while this runs may need a second pass.
 */
import type { Db } from "../db/client";
import { loadPriceRules } from "../prices/price-entries";
import { NANO_USD_PER_USD, priceUsage, type PricedUsage, type UsageTokens } from "./price-usage";

export interface RepriceSummary {
  /** Usage records looked at. */
  records: number;
  /** Records whose cost, priced flag or price version changed. */
  changed: number;
  /** Runs whose cost was recomputed (those owning a changed record). */
  runs: number;
  /** Sum of every record's cost before and after, in nano-USD. */
  totalBeforeNanoUsd: bigint;
  totalAfterNanoUsd: bigint;
}

export interface RepriceOptions {
  /** Records read and updated per transaction. */
  batchSize?: number;
  /** The pricing function (tests substitute one). */
  price?: (provider: string, model: string, tokens: UsageTokens, at?: Date) => PricedUsage;
}

export async function repriceUsage(db: Db, options: RepriceOptions = {}): Promise<RepriceSummary> {
  const batchSize = options.batchSize ?? 500;
  const entries = options.price ? [] : await loadPriceRules(db);
  const price =
    options.price ?? ((provider, model, tokens, at) => priceUsage(provider, model, tokens, at, { entries }));
  const summary: RepriceSummary = { records: 0, changed: 0, runs: 0, totalBeforeNanoUsd: 0n, totalAfterNanoUsd: 0n };
  const affectedRuns = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const rows = await db.usageRecord.findMany({
      take: batchSize,
      ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
      orderBy: { id: "asc" },
      select: {
        id: true,
        runId: true,
        provider: true,
        model: true,
        inputTokens: true,
        outputTokens: true,
        cacheReadTokens: true,
        cacheWriteTokens: true,
        costNanoUsd: true,
        priced: true,
        priceVersion: true,
        createdAt: true,
      },
    });
    if (rows.length === 0) break;
    cursor = rows[rows.length - 1]!.id;
    const updates = [];
    for (const row of rows) {
      const now = price(row.provider, row.model, row, row.createdAt);
      const cost = BigInt(now.costNanoUsd);
      summary.records += 1;
      summary.totalBeforeNanoUsd += row.costNanoUsd;
      summary.totalAfterNanoUsd += cost;
      if (cost === row.costNanoUsd && now.priced === row.priced && now.priceVersion === row.priceVersion) continue;
      summary.changed += 1;
      affectedRuns.add(row.runId);
      updates.push(
        db.usageRecord.update({
          where: { id: row.id },
          data: { costNanoUsd: cost, priced: now.priced, priceVersion: now.priceVersion },
        }),
      );
    }
    if (updates.length > 0) await db.$transaction(updates);
  }
  for (const runId of affectedRuns) {
    const sum = await db.usageRecord.aggregate({ where: { runId }, _sum: { costNanoUsd: true } });
    // updateMany: a record may outlive its run (usage records carry no foreign key).
    const { count } = await db.run.updateMany({
      where: { id: runId },
      data: { costNanoUsd: sum._sum.costNanoUsd ?? 0n },
    });
    summary.runs += count;
  }
  return summary;
}

/** Exact dollars from nano-USD: at least two decimals, no trailing zeros beyond them. */
export function formatNanoUsdExact(nano: bigint): string {
  const sign = nano < 0n ? "-" : "";
  const abs = nano < 0n ? -nano : nano;
  const unit = BigInt(NANO_USD_PER_USD);
  const fraction = (abs % unit).toString().padStart(9, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${sign}$${abs / unit}.${fraction}`;
}

export function describeReprice(s: RepriceSummary): string {
  return [
    `re-priced ${s.records} usage record(s): ${s.changed} changed, ${s.runs} run(s) re-totalled`,
    `total before: ${formatNanoUsdExact(s.totalBeforeNanoUsd)}`,
    `total after:  ${formatNanoUsdExact(s.totalAfterNanoUsd)}`,
  ].join("\n");
}
