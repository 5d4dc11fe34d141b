/** The figures every benchmark prints: nearest-rank percentiles over its samples. */

/** The nearest-rank `p`-th percentile of ascending `sorted` samples. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), min: s[0], max: s[s.length - 1] };
}
