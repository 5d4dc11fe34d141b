import { describe, expect, it } from "vitest";
import { formatCost, formatDuration, formatNanoUsd } from "./usage-format";

describe("formatNanoUsd", () => {
  it("formats integer nano-USD as dollars", () => {
    expect(formatNanoUsd(123_000)).toBe("$0.000123");
    expect(formatNanoUsd(0)).toBe("$0.00");
    expect(formatNanoUsd(10_000_000)).toBe("$0.01");
    expect(formatNanoUsd(12_345_678)).toBe("$0.012346");
    expect(formatNanoUsd(1_500_000_000)).toBe("$1.50");
    expect(formatNanoUsd(1_234_567_890_123)).toBe("$1,234.57");
    expect(formatNanoUsd(50)).toBe("$0.00000005");
    expect(formatNanoUsd(999_999_999)).toBe("$1.00");
  });
});

describe("formatCost", () => {
  it("never shows an unpriced cost as $0.00", () => {
    expect(formatCost(0, "none")).toBe("unpriced");
    expect(formatCost(0, false)).toBe("unpriced");
    expect(formatCost(123_000, "some")).toBe("$0.000123 + unpriced");
    expect(formatCost(123_000, "all")).toBe("$0.000123");
  });
});

describe("formatDuration", () => {
  it("ms, seconds, minutes", () => {
    expect(formatDuration(42)).toBe("42 ms");
    expect(formatDuration(1234)).toBe("1.23 s");
    expect(formatDuration(83_000)).toBe("1 min 23 s");
    expect(formatDuration(null)).toBe("—");
  });
});
