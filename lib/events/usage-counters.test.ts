import { describe, expect, it } from "vitest";
import { addUsage, pricingOf, requestUsage, USAGE_COUNTERS, zeroUsage } from "./usage-counters.shared";

describe("usage counters", () => {
  it("zero has every counter at 0", () => {
    expect(Object.keys(zeroUsage())).toEqual([...USAGE_COUNTERS]);
    expect(Object.values(zeroUsage()).every((v) => v === 0)).toBe(true);
  });

  it("adds counter by counter, keeping the first operand's shape and other fields", () => {
    const a = { runs: 2, inputTokens: 10, outputTokens: 5, totalTokens: 15 };
    const sum = addUsage(a, { inputTokens: 1, outputTokens: 2, totalTokens: 3, costNanoUsd: 99 });
    expect(sum).toEqual({ runs: 2, inputTokens: 11, outputTokens: 7, totalTokens: 18 });
    expect(a.inputTokens).toBe(10); // not changed in place
    expect(addUsage(zeroUsage(), { requests: 1 })).toEqual({ ...zeroUsage(), requests: 1 });
  });

  it("one request's record: its tokens, its cost, and its tokens as unpriced when it had no price", () => {
    expect(requestUsage({ inputTokens: 10, outputTokens: 5, costNanoUsd: 7, priced: true })).toEqual({
      ...zeroUsage(),
      requests: 1,
      inputTokens: 10,
      outputTokens: 5,
      totalTokens: 15,
      costNanoUsd: 7,
    });
    expect(
      requestUsage({ inputTokens: 3, outputTokens: 1, totalTokens: 4, cacheReadTokens: 2, priced: false }),
    ).toMatchObject({ requests: 1, cacheReadTokens: 2, totalTokens: 4, unpricedTokens: 4, unpricedRequests: 1 });
  });

  it("pricing: all, some or none of the requests priced (no requests: all)", () => {
    expect([pricingOf(0, 0), pricingOf(3, 0), pricingOf(3, 1), pricingOf(3, 3)]).toEqual([
      "all",
      "all",
      "some",
      "none",
    ]);
  });
});
