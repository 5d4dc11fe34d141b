/**
 * A budget's standing from its spend (pure): which limit refuses new turns — cost checked first,
 * then tokens — and which alert thresholds are crossed. Thresholds compare exactly in integers:
 * `spent >= threshold × max` as `spent × 1e6 >= round(threshold × 1e6) × max`.
 */
import type { BudgetLimit } from "./budget-views.shared";
import type { WindowSpend } from "./window-spend";

export interface BudgetLimits {
  maxCostNanoUsd: bigint | null;
  maxTotalTokens: bigint | null;
}

export interface Exceeded {
  limit: BudgetLimit;
  spent: bigint;
  max: bigint;
}

/** The limit a new turn is refused by (spent has reached the max), cost first; null when none. */
export function exceededLimit(b: BudgetLimits, spend: WindowSpend): Exceeded | null {
  if (b.maxCostNanoUsd !== null && spend.costNanoUsd >= b.maxCostNanoUsd)
    return { limit: "cost", spent: spend.costNanoUsd, max: b.maxCostNanoUsd };
  if (b.maxTotalTokens !== null && spend.totalTokens >= b.maxTotalTokens)
    return { limit: "tokens", spent: spend.totalTokens, max: b.maxTotalTokens };
  return null;
}

const PPM = 1_000_000n;

/** `spent` has reached `threshold` of `max`. */
export function reached(spent: bigint, max: bigint, threshold: number): boolean {
  return spent * PPM >= BigInt(Math.round(threshold * 1_000_000)) * max;
}

/**
 * The thresholds crossed, each with the limit that crossed it (cost first when both have) and
 * that limit's spend — lowest threshold first.
 */
export function crossedThresholds(
  b: BudgetLimits,
  spend: WindowSpend,
  alertAt: readonly number[],
): Array<Exceeded & { threshold: number }> {
  const out: Array<Exceeded & { threshold: number }> = [];
  for (const threshold of [...alertAt].sort((x, y) => x - y)) {
    if (b.maxCostNanoUsd !== null && reached(spend.costNanoUsd, b.maxCostNanoUsd, threshold))
      out.push({ threshold, limit: "cost", spent: spend.costNanoUsd, max: b.maxCostNanoUsd });
    else if (b.maxTotalTokens !== null && reached(spend.totalTokens, b.maxTotalTokens, threshold))
      out.push({ threshold, limit: "tokens", spent: spend.totalTokens, max: b.maxTotalTokens });
  }
  return out;
}

/** A stored `alertAt` (JSON text) as numbers; a malformed one falls back to the default. */
export function parseAlertAt(text: string): number[] {
  try {
    const v: unknown = JSON.parse(text);
    if (Array.isArray(v) && v.every((x) => typeof x === "number" && x > 0 && x <= 1)) return v as number[];
  } catch {
    /* the default below */
  }
  return [0.5, 0.8, 1];
}
