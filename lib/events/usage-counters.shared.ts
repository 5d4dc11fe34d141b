/**
 * Usage as counters: one shape and one way to add it, for everything that sums usage — a run's
 * totals in the loop, a trace's spans, the transcript's runs, the in-memory store's lifetime
 * usage. Money is integer nano-USD. The usage summary's SQL sums (lib/runs/read-models/usage) add
 * in the database, as bigints, and answer the same counters.
 */
import { z } from "zod";

const Count = z.number().int().nonnegative();

/**
 * Model requests, tool calls, tokens (input counts cache reads and writes), cost, and the tokens
 * and requests of models without a price (costed at 0, never shown as $0). Wire shapes that carry
 * usage extend this schema (the trace's `TraceUsage`).
 */
export const UsageCounters = z.strictObject({
  requests: Count,
  toolCalls: Count,
  inputTokens: Count,
  outputTokens: Count,
  cacheReadTokens: Count,
  cacheWriteTokens: Count,
  totalTokens: Count,
  /** Integer nano-USD. */
  costNanoUsd: Count,
  unpricedTokens: Count,
  unpricedRequests: Count,
});
export type UsageCounters = z.infer<typeof UsageCounters>;
export type UsageCounter = keyof UsageCounters;

/** Every counter, in one order. */
export const USAGE_COUNTERS = Object.keys(UsageCounters.shape) as UsageCounter[];

export function zeroUsage(): UsageCounters {
  return Object.fromEntries(USAGE_COUNTERS.map((k) => [k, 0])) as UsageCounters;
}

/**
 * `a` plus `b`, counter by counter: the result has `a`'s shape (its counters summed, any other
 * field of `a` kept as it is); a counter `b` lacks adds 0.
 */
export function addUsage<T extends Partial<UsageCounters>>(a: T, b: Partial<UsageCounters>): T {
  const out = { ...a };
  for (const k of USAGE_COUNTERS) if (typeof out[k] === "number") (out[k] as number) += b[k] ?? 0;
  return out;
}

/** What one model request's usage record counts (one request; its tokens, its cost when priced). */
export function requestUsage(d: {
  inputTokens?: number | null;
  outputTokens?: number | null;
  cacheReadTokens?: number | null;
  cacheWriteTokens?: number | null;
  totalTokens?: number | null;
  costNanoUsd?: number | null;
  priced?: boolean;
}): UsageCounters {
  const inputTokens = d.inputTokens ?? 0;
  const outputTokens = d.outputTokens ?? 0;
  const totalTokens = d.totalTokens ?? inputTokens + outputTokens;
  const unpriced = d.priced === false;
  return {
    requests: 1,
    toolCalls: 0,
    inputTokens,
    outputTokens,
    cacheReadTokens: d.cacheReadTokens ?? 0,
    cacheWriteTokens: d.cacheWriteTokens ?? 0,
    totalTokens,
    costNanoUsd: d.costNanoUsd ?? 0,
    unpricedTokens: unpriced ? totalTokens : 0,
    unpricedRequests: unpriced ? 1 : 0,
  };
}

/** Whether a cost covers all, some or none of the usage (unpriced models are never a silent $0). */
export const Pricing = z.enum(["all", "some", "none"]);
export type Pricing = z.infer<typeof Pricing>;

/** The pricing of `requests` model requests of which `unpriced` had no price. */
export function pricingOf(requests: number, unpriced: number): Pricing {
  return unpriced === 0 ? "all" : unpriced >= requests ? "none" : "some";
}
