import { describe, expect, it } from "vitest";
import { toMcpOutcome, unreachableOutcome } from "./mcp-call-result";

describe("toMcpOutcome", () => {
  it("answers text parts joined, or structured content when given", () => {
    expect(
      toMcpOutcome("t", "s", {
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
      }),
    ).toEqual({
      ok: true,
      result: "a\nb",
    });
    expect(toMcpOutcome("t", "s", { content: [{ type: "text", text: "{}" }], structuredContent: { n: 1 } })).toEqual({
      ok: true,
      result: { n: 1 },
    });
  });

  it("turns isError into a tool error naming the tool and server", () => {
    expect(toMcpOutcome("get_case", "cases", { isError: true, content: [{ type: "text", text: "boom" }] })).toEqual({
      ok: false,
      error: { type: "ToolExecutionError", message: "tool 'get_case' on MCP server 'cases' failed: boom" },
    });
  });

  it("says a server is unavailable, with the cause", () => {
    const out = unreachableOutcome(
      "get_case",
      "cases",
      new TypeError("fetch failed", { cause: new Error("ECONNREFUSED") }),
    );
    expect(out.ok).toBe(false);
    expect(!out.ok && out.error.message).toContain("MCP server 'cases' is unavailable (fetch failed (ECONNREFUSED))");
  });
});
