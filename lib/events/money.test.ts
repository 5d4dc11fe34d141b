import { describe, expect, it } from "vitest";
import { formatNanoUsd } from "./money.shared";

describe("formatNanoUsd", () => {
  it.each([
    [0, "$0.00"],
    [10_000_000, "$0.01"],
    // One model request: a fraction of a cent keeps six decimals, never "$0.01".
    [12_345_678, "$0.012346"],
    [123_000, "$0.000123"],
    [500_000_000, "$0.50"],
    [999_999, "$0.001"],
    // Below half a micro-dollar: all nine places, so it never rounds to nothing.
    [50, "$0.00000005"],
    [1, "$0.000000001"],
    [999_999_999, "$1.00"],
    [1_000_000_000, "$1.00"],
    [1_500_000_000, "$1.50"],
    [1_234_567_890_123, "$1,234.57"],
    [-12_345_678, "-$0.012346"],
    [-2_000_000_000, "-$2.00"],
  ])("%d nano-USD is %s", (nano, shown) => {
    expect(formatNanoUsd(nano)).toBe(shown);
  });
});
