import { describe, expect, it } from "vitest";
import type { Case } from "@/lib/evals/dataset.shared";
import { caseFromDraft, draftFromCase, emptyCaseDraft, newExpectationDraft } from "./case-draft";

describe("the case editor's draft", () => {
  it("round-trips every expectation kind", () => {
    const c: Case = {
      id: "c1",
      messages: ["Hi", "Refund order 7"],
      context: { tier: "gold" },
      mocks: [{ tool: "refund", args: { order: 7 }, result: { ok: true } }],
      expect: [
        { kind: "contains", value: "Paris" },
        { kind: "notContains", value: "London" },
        { kind: "equals", value: "42" },
        { kind: "regex", pattern: "^a", flags: "i" },
        { kind: "jsonSchema", schema: { type: "object" } },
        { kind: "toolCalled", name: "search", args: { q: "x" } },
        { kind: "toolNotCalled", name: "wire" },
        { kind: "approvalRequested", tool: "refund", answer: "deny" },
        { kind: "maxRequests", value: 3 },
        { kind: "maxCostNanoUsd", value: 1000 },
        { kind: "maxLatencyMs", value: 5000 },
        { kind: "judge", rubric: "Polite", model: "openai:gpt-4o", passAt: 0.8 },
      ],
    };
    expect(caseFromDraft(draftFromCase(c))).toEqual({ case: c, errors: null });
  });

  it("keys each error by its field", () => {
    const d = emptyCaseDraft();
    d.messages = ["", "ok"];
    d.context = "{bad";
    d.expect = [
      { ...newExpectationDraft("contains"), value: "" },
      { ...newExpectationDraft("maxRequests"), value: "many" },
      { ...newExpectationDraft("toolCalled"), name: "t", args: "[" },
    ];
    const r = caseFromDraft(d);
    expect(r.case).toBeNull();
    expect(Object.keys(r.errors ?? {}).sort()).toEqual(
      ["context", "expect.0.value", "expect.1.value", "expect.2.args", "messages.0"].sort(),
    );
  });
});
