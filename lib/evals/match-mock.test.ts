import { describe, expect, it } from "vitest";
import { matchMock } from "./match-mock";

describe("matchMock", () => {
  const caseMocks = [
    { tool: "search", result: "case-any" },
    { tool: "search", args: { status: "open" }, result: "case-open" },
  ];
  const datasetMocks = [
    { tool: "search", args: { status: "closed" }, result: "dataset-closed" },
    { tool: "refund", result: "dataset-refund" },
  ];

  it("prefers the case's mocks, and a mock whose args match over one without args", () => {
    expect(matchMock(caseMocks, datasetMocks, "search", { status: "open", page: 2 })?.result).toBe("case-open");
    expect(matchMock(caseMocks, datasetMocks, "search", { status: "closed" })?.result).toBe("case-any");
  });

  it("falls back to the dataset's mocks, and answers undefined when none fits", () => {
    expect(matchMock(undefined, datasetMocks, "search", { status: "closed" })?.result).toBe("dataset-closed");
    expect(matchMock(undefined, datasetMocks, "search", { status: "open" })).toBeUndefined();
    expect(matchMock([], datasetMocks, "refund", {})?.result).toBe("dataset-refund");
    expect(matchMock([], datasetMocks, "wire", {})).toBeUndefined();
  });

  it("matches arrays whole", () => {
    const m = [{ tool: "t", args: { ids: [1, 2] }, result: 1 }];
    expect(matchMock(m, [], "t", { ids: [1, 2] })).toBeDefined();
    expect(matchMock(m, [], "t", { ids: [1, 2, 3] })).toBeUndefined();
  });
});
