import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../events/event-types.shared";
import { AppError } from "../errors";
import { CaseInput } from "./dataset.shared";
import { answerPhrase, draftCaseFromEvents } from "./draft-case";

const T0 = Date.parse("2026-12-01T10:00:00.000Z");
const usage = { requests: 1, toolCalls: 0, inputTokens: 10, outputTokens: 5, totalTokens: 15 };

function log(...steps: Array<[runId: string | null, type: string, data: unknown]>): StoredEvent[] {
  return steps.map(([runId, type, data], i) => ({
    seq: i + 1,
    runId,
    type,
    createdAt: new Date(T0 + i * 10).toISOString(),
    data,
  })) as StoredEvent[];
}
const started = (kind: string, parentRunId: string | null = null) => ({
  kind,
  parentRunId,
  agentId: "a1",
  model: "demo:demo",
});
const user = (text: string) => ({ role: "user", parts: [{ type: "text", text }] });
const say = (text: string) => ({ role: "assistant", parts: [{ type: "text", text }] });
const callTool = (id: string, name: string, input: unknown) => ({
  role: "assistant",
  parts: [{ type: "tool-call", toolCallId: id, toolName: name, input }],
});
const toolCall = (id: string, name: string, args: string) => ({ toolName: name, toolCallId: id, arguments: args });
const toolResult = (id: string, name: string, value: unknown) => ({
  role: "tool",
  parts: [{ type: "tool-result", toolCallId: id, toolName: name, output: { type: "json", value } }],
});
const llmUsage = (cost: number) => ({
  provider: "demo",
  model: "demo",
  requestedModel: "demo:demo",
  inputTokens: 10,
  outputTokens: 5,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  totalTokens: 15,
  costNanoUsd: cost,
  priced: true,
});
const finished = () => ({ status: "completed", stopReason: "end_turn", usage, costNanoUsd: 0 });

const events = log(
  ["r1", "RunStarted", started("turn")],
  ["r1", "LlmMessageEvent", user("Find my open orders")],
  ["r1", "LlmMessageEvent", callTool("c1", "search_orders", { status: "open" })],
  ["r1", "ToolCallEvent", toolCall("c1", "search_orders", '{"status":"open"}')],
  ["r1", "LlmUsageEvent", llmUsage(1000)],
  ["r1", "LlmMessageEvent", toolResult("c1", "search_orders", [{ id: 7 }])],
  ["r1", "LlmMessageEvent", callTool("c1b", "search_orders", { status: "open" })],
  ["r1", "ToolCallEvent", toolCall("c1b", "search_orders", '{ "status": "open" }')],
  [
    "r1",
    "LlmMessageEvent",
    say("You have one open order: order 7, placed on Monday by the customer with the gold tier.\nMore."),
  ],
  ["r1", "LlmUsageEvent", llmUsage(1000)],
  ["r1", "RunFinished", finished()],
  ["r2", "RunStarted", started("turn")],
  ["r2", "LlmMessageEvent", user("Refund it")],
  ["r2", "LlmMessageEvent", callTool("c2", "refund", { order: 7 })],
  ["r2", "ToolCallEvent", toolCall("c2", "refund", '{"order":7}')],
  [
    "r2",
    "ApprovalRequested",
    { approvalId: "ap1", toolName: "refund", toolCallId: "c2", arguments: { order: 7 }, argumentsHash: "h" },
  ],
  ["r2", "LlmUsageEvent", llmUsage(1001)],
  [null, "ApprovalDecided", { approvalId: "ap1", decision: "approve", reason: null, decidedBy: "u1" }],
  ["r2", "LlmMessageEvent", toolResult("c2", "refund", { refunded: true })],
  ["r2", "LlmMessageEvent", say("Refunded.")],
  ["r2", "RunFinished", finished()],
  ["r3", "RunStarted", started("turn")],
  ["r3", "LlmMessageEvent", user("Thanks")],
  ["r3", "LlmMessageEvent", callTool("c3", "lookup", "not json")],
  ["r3", "ToolCallEvent", toolCall("c3", "lookup", "not json")],
  ["r3", "LlmMessageEvent", say("You're welcome")],
  ["r3", "RunFinished", finished()],
);

describe("draftCaseFromEvents", () => {
  it("drafts the first turn: its message, a phrase of the answer, each distinct call, a cost bound", () => {
    const c = draftCaseFromEvents(events, { tier: "gold" }, 0);
    expect(() => CaseInput.parse(c)).not.toThrow();
    expect(c).toEqual({
      messages: ["Find my open orders"],
      context: { tier: "gold" },
      expect: [
        { kind: "contains", value: "You have one open order: order 7, placed on Monday by the" },
        { kind: "toolCalled", name: "search_orders", args: { status: "open" } },
        { kind: "maxCostNanoUsd", value: 3000 },
      ],
    });
  });

  it("drafts a later turn with the messages before it, its approval as decided and a mock of the approved call", () => {
    const c = draftCaseFromEvents(events, null, 1);
    expect(c.messages).toEqual(["Find my open orders", "Refund it"]);
    expect(c.context).toBeUndefined();
    expect(c.expect).toContainEqual({ kind: "contains", value: "Refunded." });
    expect(c.expect).toContainEqual({ kind: "toolCalled", name: "refund", args: { order: 7 } });
    expect(c.expect).toContainEqual({ kind: "approvalRequested", tool: "refund", answer: "approve" });
    expect(c.expect).toContainEqual({ kind: "maxCostNanoUsd", value: Math.ceil(3001 * 1.5) });
    expect(c.mocks).toEqual([{ tool: "refund", args: { order: 7 }, result: { refunded: true } }]);
  });

  it("names a tool without arguments when they were not an object; no cost bound when free", () => {
    const c = draftCaseFromEvents(events, {}, 2);
    expect(c.expect).toContainEqual({ kind: "toolCalled", name: "lookup" });
    expect(c.expect).toContainEqual({ kind: "maxCostNanoUsd", value: Math.ceil(3001 * 1.5) });
    expect(c.context).toBeUndefined();
    const onlyLast = draftCaseFromEvents(events.slice(21), null, 0);
    expect(onlyLast.expect.find((e) => e.kind === "maxCostNanoUsd")).toBeUndefined();
  });

  it("answers deny for an approval never decided", () => {
    const undecided = events.filter((e) => e.type !== "ApprovalDecided");
    const c = draftCaseFromEvents(undecided, null, 1);
    expect(c.expect).toContainEqual({ kind: "approvalRequested", tool: "refund", answer: "deny" });
    expect(c.mocks).toBeUndefined();
  });

  it("refuses a turn the conversation does not have", () => {
    expect(() => draftCaseFromEvents(events, null, 3)).toThrow(/has 3 turns; turn 3/);
    try {
      draftCaseFromEvents([], null, 0);
    } catch (err) {
      expect(AppError.is(err) && err.code).toBe("validation_error");
    }
  });
});

describe("answerPhrase", () => {
  it("keeps a short first line whole and cuts a long one at a word", () => {
    expect(answerPhrase("\n  Paris is lovely.  \nSecond")).toBe("Paris is lovely.");
    expect(answerPhrase(null)).toBeNull();
    expect(answerPhrase("   ")).toBeNull();
    const long = "word ".repeat(30);
    const p = answerPhrase(long)!;
    expect(p.length).toBeLessThanOrEqual(60);
    expect(long).toContain(p);
  });
});
