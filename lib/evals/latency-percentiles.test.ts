import { describe, expect, it } from "vitest";
import { latencyPercentiles, percentile } from "./latency-percentiles";

describe("latency percentiles", () => {
  it("uses the nearest rank", () => {
    const sorted = Array.from({ length: 20 }, (_, i) => (i + 1) * 10);
    expect(percentile(sorted, 50)).toBe(100);
    expect(percentile(sorted, 95)).toBe(190);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });

  it("skips entries without a latency and sorts the rest", () => {
    expect(latencyPercentiles([300, null, 100, 200])).toEqual({ p50: 200, p95: 300, max: 300 });
    expect(latencyPercentiles([null])).toEqual({ p50: null, p95: null, max: null });
  });
});
