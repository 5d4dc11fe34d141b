import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../events/event-types.shared";
import { outcomeFromEvents } from "./outcome-from-events.shared";

const T0 = Date.parse("2026-12-01T10:00:00.000Z");
const usage = { requests: 1, toolCalls: 0, inputTokens: 10, outputTokens: 5, totalTokens: 15 };

/** Builds a log in the engine's order (docs/conversations-api.md), numbering `seq` and stamping times. */
function log(...steps: Array<[runId: string | null, ms: number, type: string, data: unknown]>): StoredEvent[] {
  return steps.map(([runId, ms, type, data], i) => ({
    seq: i + 1,
    runId,
    type,
    createdAt: new Date(T0 + ms).toISOString(),
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
const finished = (status = "completed", stopReason = "end_turn") => ({ status, stopReason, usage, costNanoUsd: 0 });
const returned = (id: string, name: string, extra = {}) => ({
  toolName: name,
  toolCallId: id,
  success: true,
  durationMs: 3,
  ...extra,
});

describe("outcomeFromEvents", () => {
  it("reads a two-turn conversation with a child agent, an approval, a conclusion run and a command", () => {
    const events = log(
      // turn 0: a tool call, a child agent that calls a tool, then the answer
      ["r1", 0, "RunStarted", started("turn")],
      ["r1", 0, "LlmMessageEvent", user("Find my open orders")],
      ["r1", 100, "LlmMessageEvent", callTool("c1", "search_orders", { status: "open" })],
      ["r1", 100, "ToolCallEvent", toolCall("c1", "search_orders", '{"status":"open"}')],
      ["r1", 100, "LlmUsageEvent", llmUsage(1000)],
      ["r1", 110, "LlmMessageEvent", { role: "tool", parts: [] }],
      ["r1", 110, "ToolReturnEvent", returned("c1", "search_orders")],
      ["r1", 200, "LlmMessageEvent", callTool("c2", "helper", { task: "summarise" })],
      ["r1", 200, "ToolCallEvent", toolCall("c2", "helper", '{"task":"summarise"}')],
      ["r1", 200, "LlmUsageEvent", llmUsage(1000)],
      ["r2", 210, "RunStarted", started("child", "r1")],
      ["r2", 220, "LlmMessageEvent", callTool("c3", "lookup", { id: 7 })],
      ["r2", 220, "ToolCallEvent", toolCall("c3", "lookup", '{"id":7}')],
      ["r2", 220, "LlmUsageEvent", llmUsage(500)],
      ["r2", 230, "LlmMessageEvent", say("Child says hi")],
      ["r2", 230, "LlmUsageEvent", llmUsage(500)],
      ["r2", 240, "RunFinished", finished()],
      ["r1", 250, "ToolReturnEvent", returned("c2", "helper", { childRunId: "r2" })],
      ["r1", 300, "LlmMessageEvent", say("You have 2 open orders.")],
      ["r1", 300, "LlmUsageEvent", llmUsage(1000)],
      ["r1", 320, "RunFinished", finished()],
      // an operator's command between turns: not the agent's behaviour
      ["r3", 5000, "RunStarted", started("command")],
      ["r3", 5000, "ToolCallEvent", toolCall("command_1", "search_orders", "{}")],
      ["r3", 5001, "RunFinished", finished()],
      // turn 1: asks approval, is resumed, breaches a limit, concluded
      ["r4", 10_000, "RunStarted", started("turn")],
      ["r4", 10_000, "LlmMessageEvent", user("Refund order 7")],
      ["r4", 10_100, "LlmMessageEvent", callTool("c4", "refund", { order: 7 })],
      ["r4", 10_100, "ToolCallEvent", toolCall("c4", "refund", "not json")],
      ["r4", 10_100, "LlmUsageEvent", llmUsage(2000)],
      [
        "r4",
        10_100,
        "ApprovalRequested",
        { approvalId: "ap1", toolName: "refund", toolCallId: "c4", arguments: { order: 7 }, argumentsHash: "h" },
      ],
      ["r4", 10_100, "RunFinished", finished("suspended", "awaiting_approval")],
      ["r4", 11_000, "ApprovalDecided", { approvalId: "ap1", decision: "deny", reason: null, decidedBy: "u1" }],
      ["r4", 11_000, "ToolReturnEvent", returned("c4", "refund")],
      ["r4", 11_100, "RunFinished", finished("completed", "usage_limit")],
      ["r5", 11_200, "RunStarted", started("conclusion", "r4")],
      ["r5", 11_300, "LlmMessageEvent", say("I could not refund it.")],
      ["r5", 11_300, "LlmUsageEvent", llmUsage(3000)],
      ["r5", 11_500, "RunFinished", finished()],
      // a compaction outside any run is not counted
      [null, 20_000, "LlmUsageEvent", llmUsage(99_999)],
    );

    const o = outcomeFromEvents(events);
    expect(o.answers).toEqual(["You have 2 open orders.", "I could not refund it."]);
    expect(o.finalAnswer).toBe("I could not refund it.");
    expect(o.toolCalls).toEqual([
      { name: "search_orders", args: { status: "open" }, depth: 0, turn: 0 },
      { name: "helper", args: { task: "summarise" }, depth: 0, turn: 0 },
      { name: "lookup", args: { id: 7 }, depth: 1, turn: 0 },
      { name: "refund", args: "not json", depth: 0, turn: 1 },
    ]);
    expect(o.approvalsRequested).toEqual([{ tool: "refund", args: { order: 7 }, depth: 0, turn: 1, decision: "deny" }]);
    expect(o.requests).toBe(7);
    expect(o.costNanoUsd).toBe(9000);
    expect(o.latencyMsPerTurn).toEqual([320, 1500]);
  });

  it("an empty log has no turns and no final answer", () => {
    expect(outcomeFromEvents([])).toEqual({
      answers: [],
      finalAnswer: null,
      toolCalls: [],
      approvalsRequested: [],
      requests: 0,
      costNanoUsd: 0,
      latencyMsPerTurn: [],
    });
  });

  it("a turn that ends waiting for approval has no answer", () => {
    const o = outcomeFromEvents(
      log(
        ["r1", 0, "RunStarted", started("turn")],
        ["r1", 0, "LlmMessageEvent", user("Refund")],
        ["r1", 10, "LlmMessageEvent", callTool("c1", "refund", {})],
        ["r1", 10, "ToolCallEvent", toolCall("c1", "refund", "{}")],
        ["r1", 20, "RunFinished", finished("suspended", "awaiting_approval")],
      ),
    );
    expect(o.answers).toEqual([null]);
    expect(o.finalAnswer).toBeNull();
    expect(o.latencyMsPerTurn).toEqual([20]);
  });

  it("marks the calls a case's mock answered, by run and call id (another run's same id is not)", () => {
    const o = outcomeFromEvents(
      log(
        ["r1", 0, "RunStarted", started("turn")],
        ["r1", 0, "LlmMessageEvent", user("Refund order 7")],
        ["r1", 10, "LlmMessageEvent", callTool("c1", "refund", { order: 7 })],
        ["r1", 10, "ToolCallEvent", toolCall("c1", "refund", '{"order":7}')],
        ["r1", 11, "ToolReturnEvent", returned("c1", "refund", { mocked: true })],
        ["r1", 20, "LlmMessageEvent", callTool("c2", "lookup", {})],
        ["r1", 20, "ToolCallEvent", toolCall("c2", "lookup", "{}")],
        ["r1", 21, "ToolReturnEvent", returned("c2", "lookup")],
        ["r1", 30, "LlmMessageEvent", say("Refunded.")],
        ["r1", 30, "RunFinished", finished()],
        ["r2", 40, "RunStarted", started("turn")],
        ["r2", 40, "LlmMessageEvent", user("Again")],
        ["r2", 50, "LlmMessageEvent", callTool("c1", "refund", { order: 8 })],
        ["r2", 50, "ToolCallEvent", toolCall("c1", "refund", '{"order":8}')],
        ["r2", 51, "ToolReturnEvent", returned("c1", "refund")],
        ["r2", 60, "RunFinished", finished()],
      ),
    );
    expect(o.toolCalls).toEqual([
      { name: "refund", args: { order: 7 }, depth: 0, turn: 0, mocked: true },
      { name: "lookup", args: {}, depth: 0, turn: 0 },
      { name: "refund", args: { order: 8 }, depth: 0, turn: 1 },
    ]);
  });

  it("leaves a judge run out: its message, answer, requests and cost are not the agent's", () => {
    const events = log(
      ["r1", 0, "RunStarted", started("turn")],
      ["r1", 0, "LlmMessageEvent", user("Capital of France?")],
      ["r1", 50, "LlmMessageEvent", say("Paris.")],
      ["r1", 50, "LlmUsageEvent", llmUsage(100)],
      ["r1", 60, "RunFinished", finished()],
      ["j1", 70, "RunStarted", started("judge")],
      ["j1", 70, "LlmMessageEvent", user("Rubric: names Paris")],
      ["j1", 90, "LlmMessageEvent", say('{"score": 1}')],
      ["j1", 90, "LlmUsageEvent", llmUsage(40)],
      ["j1", 95, "RunFinished", finished()],
    );
    const outcome = outcomeFromEvents(events);
    expect(outcome.answers).toEqual(["Paris."]);
    expect(outcome.finalAnswer).toBe("Paris.");
    expect(outcome.requests).toBe(1);
    expect(outcome.costNanoUsd).toBe(100);
    expect(outcome.latencyMsPerTurn).toEqual([60]);
  });
});
