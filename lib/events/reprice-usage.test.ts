import { describe, expect, it } from "vitest";
import { describeReprice, formatNanoUsdExact } from "./reprice-usage";

describe("formatNanoUsdExact", () => {
  it("shows exact dollars with at least two decimals", () => {
    expect(formatNanoUsdExact(0n)).toBe("$0.00");
    expect(formatNanoUsdExact(1n)).toBe("$0.000000001");
    expect(formatNanoUsdExact(8_505_000n)).toBe("$0.008505");
    expect(formatNanoUsdExact(12_500_000_000n)).toBe("$12.50");
    expect(formatNanoUsdExact(123_456_789_012_345_678n)).toBe("$123456789.012345678");
    expect(formatNanoUsdExact(-1_500_000_000n)).toBe("-$1.50");
  });
});

describe("describeReprice", () => {
  it("says how many rows changed and the totals before and after", () => {
    expect(
      describeReprice({
        records: 5,
        changed: 3,
        runs: 2,
        totalBeforeNanoUsd: 31_305_013n,
        totalAfterNanoUsd: 43_310_000n,
      }),
    ).toBe(
      "re-priced 5 usage record(s): 3 changed, 2 run(s) re-totalled\ntotal before: $0.031305013\ntotal after:  $0.04331",
    );
  });
});
