/**
 * Which custom price entry prices a usage, and what it costs (docs/prices.md). Pure: the entries
 * come from the per-process cache (./price-entry-cache.ts) or, for a reprice, from the database.
 *
 * Matching: the entry's provider equals the usage's provider and its `*` glob matches the whole
 * model name (case-insensitive); of the entries valid at the usage time (`validFrom` ≤ it), the
 * most specific wins — the most literal characters, then the fewest `*` — then the latest
 * `validFrom` (then the id, so the choice never depends on list order).
 *
 * Cost: prices are integer nano-USD per million tokens, so the cost is Σ tokens × price / 1e6 —
 * one exact integer fraction, rounded once, half up, to the nano-USD. `inputTokens` include the
 * cache-read and cache-write tokens (AI SDK 6's convention, as in lib/events/price-usage.ts): the
 * uncached rest is billed at the input price, cache reads and writes at their own prices, or at the
 * input price when the entry has none.
 */
import { bestPriceEntry, customPriceVersion } from "./price-entry.shared";

/** A price entry as pricing uses it. */
export interface PriceRule {
  id: string;
  name: string | null;
  provider: string;
  modelPattern: string;
  inputPerMTokNanoUsd: bigint;
  outputPerMTokNanoUsd: bigint;
  cacheReadPerMTokNanoUsd: bigint | null;
  cacheWritePerMTokNanoUsd: bigint | null;
  validFrom: Date;
  overrides: boolean;
}

export interface RuleTokens {
  /** All input tokens, cache-read and cache-write ones included. */
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/** The entry that prices `provider:model` at `at` (price-entry.shared.ts, `bestPriceEntry`). */
export const matchPriceEntry: (
  rules: readonly PriceRule[],
  provider: string,
  model: string,
  at: Date,
) => PriceRule | null = bestPriceEntry;

const PER = 1_000_000n;

/** The cost of `tokens` at `rule`'s prices, in integer nano-USD, rounded half up once. */
export function ruleCostNanoUsd(rule: PriceRule, tokens: RuleTokens): number {
  const cacheRead = BigInt(tokens.cacheReadTokens);
  const cacheWrite = BigInt(tokens.cacheWriteTokens);
  const uncached = BigInt(tokens.inputTokens) - cacheRead - cacheWrite;
  const input = rule.inputPerMTokNanoUsd;
  const numerator =
    (uncached > 0n ? uncached : 0n) * input +
    cacheRead * (rule.cacheReadPerMTokNanoUsd ?? input) +
    cacheWrite * (rule.cacheWritePerMTokNanoUsd ?? input) +
    BigInt(tokens.outputTokens) * rule.outputPerMTokNanoUsd;
  return Number((2n * numerator + PER) / (2n * PER));
}

export interface RulePrice {
  costNanoUsd: number;
  priced: true;
  priceVersion: string;
  /** The entry's name, shown beside the figures it prices; null when it has none. */
  priceName: string | null;
}

export function priceWithRule(rule: PriceRule, tokens: RuleTokens): RulePrice {
  return {
    costNanoUsd: ruleCostNanoUsd(rule, tokens),
    priced: true,
    priceVersion: customPriceVersion(rule.id),
    priceName: rule.name,
  };
}
