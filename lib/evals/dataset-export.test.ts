import { describe, expect, it } from "vitest";
import { casesToJsonl, exportFileName } from "./dataset-export.shared";
import { expectationText } from "./expectation-text.shared";
import { parseJsonlCases } from "./import-jsonl";

describe("JSONL export", () => {
  it("round-trips through the importer, ids included", () => {
    const cases = [
      { id: "a", messages: ["Hi", "Again"], expect: [{ kind: "contains" as const, value: "x" }] },
      { id: "b", messages: ["Refund"], mocks: [{ tool: "refund", result: 1 }], expect: [] },
    ];
    expect(parseJsonlCases(casesToJsonl(cases))).toEqual(cases);
  });
  it("names the file after the dataset and revision", () => {
    expect(exportFileName("Support / refunds", 3)).toBe("Support-refunds.r3.jsonl");
    expect(exportFileName("###", 1)).toBe("dataset.r1.jsonl");
  });
});

describe("expectation chips", () => {
  it("reads as a phrase", () => {
    expect(expectationText({ kind: "contains", value: "Paris" })).toBe("answer contains “Paris”");
    expect(expectationText({ kind: "toolCalled", name: "search", args: { q: "x" } })).toBe(
      'calls search with {"q":"x"}',
    );
    expect(expectationText({ kind: "maxRequests", value: 1 })).toBe("at most 1 model request");
    expect(expectationText({ kind: "judge", rubric: "Polite" })).toBe("judge: “Polite” (pass at 0.7)");
  });
});
