import { describe, expect, it } from "vitest";
import { invalidToolNameMessage, isValidToolName, MISSING_TOOL_NAME_MESSAGE } from "./tool-name";
import { analyze, definitionErrors, toolModule, toolOf } from "./testing/tool-modules";

describe("the name rule", () => {
  it.each([["forecast"], ["get_quote"], ["send-email"], ["A1"], ["x".repeat(64)]])("accepts %s", (name) => {
    expect(isValidToolName(name)).toBe(true);
  });

  it.each([[""], ["x".repeat(65)], ["get weather"], ["naïve"], ["a.b"], ["$fn"]])("refuses %j", (name) => {
    expect(isValidToolName(name)).toBe(false);
  });
});

describe("the tool's name", () => {
  it("is the function's name", () => {
    expect(toolOf(toolModule("function forecast(city: string) { return city; }")).name).toBe("forecast");
  });

  it("or the name: option, which wins", () => {
    expect(
      toolOf(
        toolModule("function forecast(city: string) { return city; }", {
          options: `{ sideEffecting: false, name: "weather" }`,
        }),
      ).name,
    ).toBe("weather");
  });

  it("an invalid name: option is refused, underlined at the option", () => {
    const source = toolModule("function forecast(city: string) { return city; }", {
      options: `{ sideEffecting: false, name: "get weather" }`,
    });
    const result = analyze(source);
    expect(result.tool).toBeNull();
    const [error] = definitionErrors(result);
    expect(error.message).toBe(invalidToolNameMessage("get weather"));
    expect(error.message).toBe(
      "tool name 'get weather' is invalid: a tool name must match ^[a-zA-Z0-9_-]{1,64}$ (letters, digits, '_' and '-', 1 to 64 characters); rename the function or pass name:",
    );
    const line = source.split("\n")[error.range.startLine - 1];
    expect(line.slice(error.range.startColumn - 1, error.range.endColumn - 1)).toBe(`name: "get weather"`);
  });

  it("a function name that is valid JavaScript but not a valid tool name ($) is refused at the name", () => {
    const source = toolModule("function $lookup(city: string) { return city; }");
    const [error] = definitionErrors(analyze(source));
    expect(error.message).toBe(invalidToolNameMessage("$lookup"));
    const line = source.split("\n")[error.range.startLine - 1];
    expect(line.slice(error.range.startColumn - 1, error.range.endColumn - 1)).toBe("$lookup");
  });

  it("an anonymous function without name: has no name", () => {
    const result = analyze(toolModule("async (city: string) => city"));
    expect(definitionErrors(result).map((e) => e.message)).toEqual([MISSING_TOOL_NAME_MESSAGE]);
    expect(result.tool).toBeNull();
  });
});
