import { describe, expect, it } from "vitest";
import type { BudgetAlertView } from "@/lib/budgets/budget-views.shared";
import { alertSentence, limitsText, percent } from "./budget-text";

const alert = (over: Partial<BudgetAlertView>): BudgetAlertView => ({
  budgetId: "b",
  scope: "agent",
  scopeId: "a1",
  scopeName: "atlas",
  window: "month",
  windowStart: "2026-12-01T00:00:00.000Z",
  windowEnd: "2027-01-01T00:00:00.000Z",
  threshold: 0.8,
  limit: "cost",
  spent: 820,
  max: 1000,
  exceeded: false,
  createdAt: "2026-12-02T00:00:00.000Z",
  ...over,
});

describe("budget text", () => {
  it("says how much of the window's budget is used, and when a spent one resets", () => {
    expect(alertSentence(alert({}))).toBe("Agent atlas has used 82% of its monthly cost budget.");
    expect(alertSentence(alert({ exceeded: true, threshold: 1, spent: 1000 }))).toBe(
      "Agent atlas has spent its monthly budget: new turns are refused until 2027-01-01 00:00 UTC.",
    );
    expect(
      alertSentence(alert({ scope: "workspace", scopeId: null, scopeName: null, limit: "tokens", window: "week" })),
    ).toBe("The workspace has used 82% of its weekly token budget.");
  });

  it("floors percentages (99.9% is not yet 100%) and lists limits", () => {
    expect(percent(0.999)).toBe("99%");
    expect(limitsText({ maxCostNanoUsd: 5_000_000_000, maxTotalTokens: 20000 })).toBe("$5.00 · 20,000 tokens");
  });
});
