import { describe, expect, it } from "vitest";
import { spendText, weekStart } from "./home-figures";

describe("the Home page's figures", () => {
  it("starts the week six UTC days before today", () => {
    expect(weekStart(new Date("2026-12-02T00:30:00Z"))).toBe("2026-11-26");
    expect(weekStart(new Date("2026-03-01T23:59:00Z"))).toBe("2026-02-23");
  });
  it("reads the week's spend: dollars, unpriced, or nothing yet", () => {
    expect(spendText({ costNanoUsd: 0, totalTokens: 0, events: 0, pricing: "all" })).toEqual({
      cost: "$0.00",
      detail: "no model requests",
    });
    expect(spendText({ costNanoUsd: 0, totalTokens: 1234, events: 2, pricing: "none" })).toEqual({
      cost: "unpriced",
      detail: "1,234 tokens · 2 requests",
    });
    expect(spendText({ costNanoUsd: 1_230_000_000, totalTokens: 10, events: 1, pricing: "all" }).cost).toBe("$1.23");
  });
});
