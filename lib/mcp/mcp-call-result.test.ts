import { describe, expect, it } from "vitest";
import { capStoredResult, toMcpOutcome, unreachableOutcome } from "./mcp-call-result";

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

describe("capStoredResult", () => {
  it("keeps a result that fits, and cuts a larger one to the limit with a marker naming its size", () => {
    expect(capStoredResult("small", 100)).toBe("small");
    expect(capStoredResult({ a: 1 }, 100)).toEqual({ a: 1 });
    const cut = capStoredResult("x".repeat(5000), 1000) as string;
    expect(Buffer.byteLength(cut, "utf8")).toBeLessThanOrEqual(1000);
    expect(cut).toMatch(
      /^x+\n…\[truncated by Atelier: the tool answered 4\.9 KB \(5000 bytes\); the studio keeps its first 1000 bytes\./,
    );
  });

  it("cuts structured content as its JSON text, never in the middle of a character", () => {
    const cut = capStoredResult({ note: "é".repeat(3000) }, 1001) as string;
    expect(typeof cut).toBe("string");
    expect(cut.startsWith('{"note":"éé')).toBe(true);
    expect(cut).not.toContain("\uFFFD");
    expect(Buffer.byteLength(cut, "utf8")).toBeLessThanOrEqual(1001);
  });

  it("applies to what toMcpOutcome stores: results and error texts over 1 MB", () => {
    const big = "z".repeat(3 * 1024 * 1024);
    const ok = toMcpOutcome("t", "s", { content: [{ type: "text", text: big }] });
    expect(ok.ok && Buffer.byteLength(ok.result as string, "utf8")).toBeLessThanOrEqual(1024 * 1024);
    const failed = toMcpOutcome("t", "s", { isError: true, content: [{ type: "text", text: big }] });
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.error.message).toContain("[truncated by Atelier");
  });
});
