/**
 * Latency percentiles of an experiment's judged cases (nearest-rank: the smallest value with at
 * least p% of the values at or below it). Null when no case has a latency.
 */
import type { LatencyPercentiles } from "./experiment.shared";

export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

export function latencyPercentiles(values: ReadonlyArray<number | null>): LatencyPercentiles {
  const sorted = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? null };
}
