import { describe, expect, it } from "vitest";
import { crossedThresholds, exceededLimit, parseAlertAt, reached } from "./budget-status";

const spend = (cost: bigint, tokens: bigint) => ({ costNanoUsd: cost, totalTokens: tokens, unpricedEvents: 0 });

describe("exceededLimit", () => {
  it("refuses once spend reaches the max, not before", () => {
    const b = { maxCostNanoUsd: 1_000n, maxTotalTokens: null };
    expect(exceededLimit(b, spend(999n, 0n))).toBeNull();
    expect(exceededLimit(b, spend(1_000n, 0n))).toEqual({ limit: "cost", spent: 1_000n, max: 1_000n });
  });

  it("checks cost first: both spent answers cost", () => {
    const b = { maxCostNanoUsd: 10n, maxTotalTokens: 100n };
    expect(exceededLimit(b, spend(10n, 500n))?.limit).toBe("cost");
    expect(exceededLimit(b, spend(9n, 500n))).toEqual({ limit: "tokens", spent: 500n, max: 100n });
  });

  it("counts tokens of unpriced usage against a token limit (cost 0 never reaches a cost limit)", () => {
    const b = { maxCostNanoUsd: 10n, maxTotalTokens: 100n };
    expect(exceededLimit(b, { costNanoUsd: 0n, totalTokens: 100n, unpricedEvents: 3 })?.limit).toBe("tokens");
  });

  it("stays exact beyond 2^53 nano-USD", () => {
    const max = 2n ** 60n;
    expect(exceededLimit({ maxCostNanoUsd: max, maxTotalTokens: null }, spend(max - 1n, 0n))).toBeNull();
  });
});

describe("thresholds", () => {
  it("compares exactly in integers", () => {
    expect(reached(80n, 100n, 0.8)).toBe(true);
    expect(reached(79n, 100n, 0.8)).toBe(false);
    expect(reached(3n, 10n, 0.3)).toBe(true); // 0.3 × 10 is 3.0000000000000004 in floats
  });

  it("names each crossed threshold once, with the limit that crossed it (cost first)", () => {
    const b = { maxCostNanoUsd: 100n, maxTotalTokens: 1000n };
    expect(crossedThresholds(b, spend(60n, 900n), [1, 0.5, 0.8])).toEqual([
      { threshold: 0.5, limit: "cost", spent: 60n, max: 100n },
      { threshold: 0.8, limit: "tokens", spent: 900n, max: 1000n },
    ]);
  });

  it("reads a stored alertAt, falling back to the default", () => {
    expect(parseAlertAt("[0.25,1]")).toEqual([0.25, 1]);
    expect(parseAlertAt("nope")).toEqual([0.5, 0.8, 1]);
  });
});
