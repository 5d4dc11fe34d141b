import { describe, expect, it } from "vitest";
import { nanoUsdToUsd, usdToNanoUsd } from "./budget-money.shared";

describe("budget money", () => {
  it("reads dollars exactly as nano-USD", () => {
    expect(usdToNanoUsd("0.1")).toBe(100_000_000);
    expect(usdToNanoUsd("$1,000.50")).toBe(1_000_500_000_000);
    expect(usdToNanoUsd("0.000000001")).toBe(1);
    expect(usdToNanoUsd("12")).toBe(12_000_000_000);
    expect(usdToNanoUsd("12.")).toBe(12_000_000_000);
  });

  it("refuses what is not an amount", () => {
    for (const bad of ["", "-1", "1e3", "abc", "0.0000000001", "1.2.3", "99999999999"])
      expect(usdToNanoUsd(bad)).toBeNull();
  });

  it("writes nano-USD back as the same dollars", () => {
    expect(nanoUsdToUsd(100_000_000)).toBe("0.1");
    expect(nanoUsdToUsd(1_000_500_000_000)).toBe("1000.5");
    expect(nanoUsdToUsd(1)).toBe("0.000000001");
    expect(nanoUsdToUsd(5_000_000_000)).toBe("5");
  });
});
