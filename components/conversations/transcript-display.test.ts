import { describe, expect, it } from "vitest";
import type { ToolCallView } from "@/lib/events/transcript-types.shared";
import { cardStartsOpen, clipText, denialOf, denialText, resultPreview } from "./transcript-display";

const call = (over: Partial<ToolCallView>): ToolCallView => ({
  toolCallId: "c1",
  toolName: "refund",
  runId: "r1",
  argumentsText: "{}",
  status: "error",
  durationMs: null,
  errorType: null,
  errorMessage: null,
  result: null,
  childRunId: null,
  child: null,
  ...over,
});

describe("clipText", () => {
  it("leaves a short text whole", () => {
    expect(clipText("hello\nworld")).toEqual({ text: "hello\nworld", clipped: false });
  });
  it("cuts a text of many lines after the last line shown", () => {
    const text = Array.from({ length: 30 }, (_, i) => `line ${i}`).join("\n");
    const c = clipText(text, 10_000, 5);
    expect(c).toEqual({ text: "line 0\nline 1\nline 2\nline 3\nline 4", clipped: true });
  });
  it("cuts a long line at a space near the limit, never inside a word when it can", () => {
    const text = "word ".repeat(400);
    const c = clipText(text, 100);
    expect(c.clipped).toBe(true);
    expect(c.text.length).toBeLessThanOrEqual(100);
    expect(c.text.endsWith("word")).toBe(true);
  });
  it("cuts a text with no space at the limit", () => {
    expect(clipText("x".repeat(500), 100)).toEqual({ text: "x".repeat(100), clipped: true });
  });
});

describe("tool cards", () => {
  it("start open while they need the reader, collapsed once finished well or denied", () => {
    expect(cardStartsOpen("ok", false)).toBe(false);
    expect(cardStartsOpen("running", false)).toBe(true);
    expect(cardStartsOpen("held", false)).toBe(true);
    expect(cardStartsOpen("error", false)).toBe(true);
    expect(cardStartsOpen("unfinished", false)).toBe(true);
    expect(cardStartsOpen("error", true)).toBe(false);
  });
  it("preview a result on one line", () => {
    expect(resultPreview("2103000")).toBe("2103000");
    expect(resultPreview('{\n  "a": 1\n}')).toBe('{ "a": 1 }');
    expect(resultPreview("   ")).toBeNull();
    expect(resultPreview("y".repeat(100), 10)).toBe(`${"y".repeat(9)}…`);
  });
});

describe("a denied call", () => {
  it("names who denied it and why, from its approval", () => {
    const c = call({ errorType: "ApprovalDenied", errorMessage: "Denied by Ada: nope. The call was not executed; …" });
    const approvals = [
      {
        approvalId: "a1",
        toolName: "refund",
        toolCallId: "c1",
        argumentsText: "{}",
        decision: "deny",
        reason: "not this customer",
        decidedBy: "Grace",
      },
    ];
    expect(denialOf(c, approvals)).toEqual({ by: "Grace", reason: "not this customer" });
    expect(denialText({ by: "Grace", reason: "not this customer" })).toBe("denied by Grace: not this customer");
  });
  it("reads the refusal's message when the approval is not in the transcript", () => {
    const c = call({
      errorType: "ApprovalDenied",
      errorMessage:
        "Denied by Ada Admin: wrong order. The call was not executed; do not retry it unless the user asks again.",
    });
    expect(denialOf(c, [])).toEqual({ by: "Ada Admin", reason: "wrong order" });
    const none = call({
      errorType: "ApprovalDenied",
      errorMessage:
        "Denied by Ada (no reason given). The call was not executed; do not retry it unless the user asks again.",
    });
    expect(denialOf(none, [])).toEqual({ by: "Ada", reason: null });
    expect(denialText({ by: "Ada", reason: null })).toBe("denied by Ada (no reason given)");
  });
  it("is not a denial when the call failed otherwise", () => {
    expect(denialOf(call({ errorType: "ToolError", errorMessage: "boom" }), [])).toBeNull();
  });
});
