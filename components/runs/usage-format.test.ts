import { describe, expect, it } from "vitest";
import { formatCost, formatDuration, formatOfferedTools } from "./usage-format";

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

describe("formatOfferedTools", () => {
  it("names the tools offered, says when none were, and nothing for requests older than the record", () => {
    expect(formatOfferedTools(["always_there", "approver_only"])).toBe("always_there, approver_only");
    expect(formatOfferedTools([])).toBe("no tools offered");
    expect(formatOfferedTools(null)).toBeNull();
  });
});
