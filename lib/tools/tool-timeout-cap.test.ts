import { afterEach, describe, expect, it } from "vitest";
import { analyze, definitionErrors, lineOf, toolModule } from "./testing/tool-modules";
import { MAX_TOOL_TIMEOUT_MS, maxToolTimeoutMs } from "./tool-types";

const fn = "function slow_lookup(orderId: string): string { return orderId; }";

describe("the cap on a tool's timeoutMs (one call never holds a sandbox worker for long)", () => {
  afterEach(() => {
    delete process.env.ATELIER_TOOL_TIMEOUT_MAX_MS;
  });

  it("accepts up to 60 s and refuses more as a definition error naming the maximum, on the option's line", () => {
    expect(
      definitionErrors(analyze(toolModule(fn, { options: "{ sideEffecting: false, timeoutMs: 60000 }" }))),
    ).toEqual([]);
    const source = toolModule(fn, { options: "{ sideEffecting: false, timeoutMs: 3_600_000 }" });
    const [error, ...rest] = definitionErrors(analyze(source));
    expect(rest).toEqual([]);
    expect(error.message).toBe(
      "option `timeoutMs` may be at most 60000 milliseconds (60 s) in this studio, got 3600000",
    );
    expect(error.range.startLine).toBe(lineOf(source, "timeoutMs: 3_600_000"));
  });

  it("a studio setting may lower the cap, never raise it", () => {
    process.env.ATELIER_TOOL_TIMEOUT_MAX_MS = "5000";
    expect(maxToolTimeoutMs()).toBe(5000);
    const [error] = definitionErrors(
      analyze(toolModule(fn, { options: "{ sideEffecting: false, timeoutMs: 10000 }" })),
    );
    expect(error.message).toContain("at most 5000 milliseconds (5 s)");
    process.env.ATELIER_TOOL_TIMEOUT_MAX_MS = "600000";
    expect(maxToolTimeoutMs()).toBe(MAX_TOOL_TIMEOUT_MS);
  });
});
