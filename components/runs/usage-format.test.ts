import { describe, expect, it } from "vitest";
import { formatCost, formatDuration } from "./usage-format";

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
