import { describe, expect, it } from "vitest";
import { findAgentToolCycle } from "./check-agent-tool-cycles.shared";

describe("findAgentToolCycle", () => {
  it("refuses an agent using itself", () => {
    expect(findAgentToolCycle("a", ["a"], [])).toEqual(["a", "a"]);
  });
  it("refuses a cycle through other agents, with its path", () => {
    const stored = [
      { from: "b", to: "c" },
      { from: "c", to: "a" },
    ];
    expect(findAgentToolCycle("a", ["b"], stored)).toEqual(["a", "b", "c", "a"]);
  });
  it("accepts a diamond and ignores the agent's own stored edges (they are being replaced)", () => {
    const stored = [
      { from: "b", to: "d" },
      { from: "c", to: "d" },
      { from: "a", to: "x" },
      { from: "x", to: "a" },
    ];
    expect(findAgentToolCycle("a", ["b", "c"], stored)).toBeNull();
  });
});
