import { describe, expect, it } from "vitest";
import {
  formatArgumentError,
  ToolArgumentError,
  ToolDefinitionError,
  ToolRegistryError,
  ToolShapeError,
} from "./errors";

describe("error classes", () => {
  it("carry their names and fields", () => {
    const range = { startLine: 2, startColumn: 1, endLine: 2, endColumn: 5 };
    const definition = new ToolDefinitionError("bad", range);
    expect([definition.name, definition.message, definition.range, definition instanceof Error]).toEqual([
      "ToolDefinitionError",
      "bad",
      range,
      true,
    ]);
    const registry = new ToolRegistryError("dup");
    expect([registry.name, ToolDefinitionError.is(registry), registry.range]).toEqual([
      "ToolRegistryError",
      true,
      null,
    ]);
    const shape = new ToolShapeError("get_quote", "Quote", 3, ["3 is not an object"]);
    expect([shape.name, shape.toolName, shape.expected, shape.raw, shape.problems]).toEqual([
      "ToolShapeError",
      "get_quote",
      "Quote",
      3,
      ["3 is not an object"],
    ]);
  });

  it("ToolArgumentError copies its lists", () => {
    const missing = ["a"];
    const error = new ToolArgumentError("t", {
      missing,
      unexpected: [],
      invalid: [["b", "why"]],
      accepted: ["a", "b"],
    });
    missing.push("changed");
    expect([error.name, error.toolName, error.missing, error.invalid, error.accepted]).toEqual([
      "ToolArgumentError",
      "t",
      ["a"],
      [["b", "why"]],
      ["a", "b"],
    ]);
  });
});

describe("formatArgumentError", () => {
  const base = {
    missing: [] as string[],
    unexpected: [] as string[],
    invalid: [] as Array<[string, string]>,
    accepted: ["msg"],
  };

  it.each([
    [
      { ...base, unexpected: ["message"] },
      "tool 'notify' call rejected: unexpected argument(s) ['message']. Accepted arguments: ['msg']",
    ],
    [
      { ...base, missing: ["msg"] },
      "tool 'notify' call rejected: missing required argument(s) ['msg']. Accepted arguments: ['msg']",
    ],
    [
      { ...base, invalid: [["msg", "3 is not a string"]] as Array<[string, string]> },
      "tool 'notify' call rejected: invalid argument(s) 'msg': 3 is not a string. Accepted arguments: ['msg']",
    ],
    [{ ...base, accepted: [] }, "tool 'notify' call rejected: . Accepted arguments: []"],
  ])("%j", (problems, message) => {
    expect(formatArgumentError("notify", problems)).toBe(message);
  });
});
