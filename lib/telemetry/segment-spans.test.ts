import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../events/event-types";
import { buildSegmentSpans, type SegmentInput, type SpanRecord } from "./segment-spans";
import { chatSpanId, segmentSpanId, toolSpanId, traceIdOf } from "./span-ids";

const T0 = Date.parse("2026-12-02T06:00:00.000Z");
const usage = { requests: 1, toolCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 };

function log(runId: string, rows: Array<[number, string, Record<string, unknown>]>): StoredEvent[] {
  return rows.map(([ms, type, data], i) => ({
    seq: i + 1,
    runId,
    type,
    createdAt: new Date(T0 + ms).toISOString(),
    data,
  })) as StoredEvent[];
}

const usageEvent = (inputTokens: number, outputTokens: number, answered = "scripted", durationMs = 100) => ({
  provider: answered === "scripted" ? "scripted" : "openai",
  model: answered === "scripted" ? "lead-script" : "gpt-4o-mini",
  requestedModel: "openai:gpt-4o-mini",
  inputTokens,
  outputTokens,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  totalTokens: inputTokens + outputTokens,
  costNanoUsd: 1000,
  priced: true,
  durationMs,
});

/** A turn that calls `lookup` (runs) and `refund` (held for approval), suspends, is approved and resumes. */
const TURN = log("turn-1", [
  [0, "RunStarted", { kind: "turn", parentRunId: null, agentId: "a1", model: "openai:gpt-4o-mini", agentVersion: 3 }],
  [1, "LlmMessageEvent", { role: "user", parts: [{ type: "text", text: "refund order 7" }] }],
  [
    120,
    "LlmMessageEvent",
    {
      role: "assistant",
      parts: [
        { type: "tool-call", toolCallId: "c1", toolName: "lookup", input: { id: 7 } },
        { type: "tool-call", toolCallId: "c2", toolName: "refund", input: { id: 7 } },
      ],
    },
  ],
  [120, "ToolCallEvent", { toolName: "lookup", toolCallId: "c1", arguments: '{"id":7}' }],
  [120, "ToolCallEvent", { toolName: "refund", toolCallId: "c2", arguments: '{"id":7}' }],
  [120, "LlmUsageEvent", usageEvent(10, 5, "scripted", 110)],
  [
    160,
    "LlmMessageEvent",
    {
      role: "tool",
      parts: [
        { type: "tool-result", toolCallId: "c1", toolName: "lookup", output: { type: "json", value: { ok: 1 } } },
      ],
    },
  ],
  [160, "ToolReturnEvent", { toolName: "lookup", toolCallId: "c1", success: true, durationMs: 30 }],
  [
    161,
    "ApprovalRequested",
    { approvalId: "ap1", toolName: "refund", toolCallId: "c2", arguments: { id: 7 }, argumentsHash: "h" },
  ],
  [162, "RunFinished", { status: "suspended", stopReason: "awaiting_approval", usage, costNanoUsd: 1000 }],
  [5162, "ApprovalDecided", { approvalId: "ap1", decision: "approve", reason: null, decidedBy: "ada" }],
  [
    5200,
    "LlmMessageEvent",
    {
      role: "tool",
      parts: [{ type: "tool-result", toolCallId: "c2", toolName: "refund", output: { type: "text", value: "done" } }],
    },
  ],
  [5200, "ToolReturnEvent", { toolName: "refund", toolCallId: "c2", success: true, durationMs: 20 }],
  [5300, "LlmMessageEvent", { role: "assistant", parts: [{ type: "text", text: "Refunded." }] }],
  [5300, "LlmUsageEvent", usageEvent(20, 3, "scripted", 90)],
  [5301, "RunFinished", { status: "completed", stopReason: "end_turn", usage, costNanoUsd: 2000 }],
]);

const RUN = {
  id: "turn-1",
  conversationId: "conv-1",
  agentId: "a1",
  agentName: "lead",
  agentVersion: 3,
  kind: "turn",
  parentRunId: null,
  parentToolCallId: null,
  rootRunId: "turn-1",
};

const input = (upTo: number, over: Partial<SegmentInput> = {}): SegmentInput => ({
  run: RUN,
  events: TURN.slice(0, upTo),
  parentSegment: null,
  mcpToolNames: new Set(),
  captureContent: false,
  ...over,
});

const byName = (spans: SpanRecord[], name: string) => spans.find((s) => s.name === name)!;

describe("a segment's spans", () => {
  it("segment 0: invoke_agent with its request and the call that returned; the approval asked is a span event", () => {
    const spans = buildSegmentSpans(input(10));
    expect(spans.map((s) => s.name)).toEqual(["invoke_agent lead", "chat gpt-4o-mini", "execute_tool lookup"]);
    const [agent, chat, tool] = spans;
    const traceId = traceIdOf("turn-1");
    expect(spans.every((s) => s.traceId === traceId)).toBe(true);
    expect(agent).toMatchObject({
      spanId: segmentSpanId("turn-1", 0),
      parentSpanId: null,
      startMs: T0,
      endMs: T0 + 162,
      links: [],
      status: { code: "unset" },
      attributes: {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "lead",
        "gen_ai.agent.id": "a1",
        "gen_ai.conversation.id": "conv-1",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-4o-mini",
        "atelier.run.id": "turn-1",
        "atelier.agent.version": 3,
        "atelier.run.segment": 0,
        "atelier.run.status": "suspended",
        "atelier.cost_nano_usd": 1000,
        "gen_ai.usage.input_tokens": 10,
      },
    });
    expect(agent.events).toEqual([
      {
        name: "atelier.approval.requested",
        timeMs: T0 + 161,
        attributes: { "atelier.approval.id": "ap1", "gen_ai.tool.name": "refund", "gen_ai.tool.call.id": "c2" },
      },
    ]);
    expect(chat).toMatchObject({
      spanId: chatSpanId("turn-1", 0),
      parentSpanId: agent.spanId,
      kind: "client",
      startMs: T0 + 10,
      endMs: T0 + 120,
      attributes: {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "atelier.scripted",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.response.model": "lead-script",
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 5,
        "gen_ai.response.finish_reasons": ["tool_call"],
        "atelier.model.fallback": true,
      },
    });
    expect(tool).toMatchObject({
      spanId: toolSpanId("turn-1", "c1"),
      parentSpanId: agent.spanId,
      startMs: T0 + 130,
      endMs: T0 + 160,
      attributes: {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "lookup",
        "gen_ai.tool.call.id": "c1",
        "gen_ai.tool.type": "function",
      },
    });
    // No content unless asked for.
    expect(Object.keys(chat.attributes).some((k) => k.includes("messages"))).toBe(false);
  });

  it("segment 1: a span of its own linked to segment 0, the approved call under the segment that asked for it", () => {
    const spans = buildSegmentSpans(input(TURN.length));
    expect(spans.map((s) => s.name)).toEqual(["invoke_agent lead", "execute_tool refund", "chat gpt-4o-mini"]);
    const [agent, refund, chat] = spans;
    expect(agent).toMatchObject({
      spanId: segmentSpanId("turn-1", 1),
      parentSpanId: null,
      startMs: T0 + 5162,
      endMs: T0 + 5301,
      links: [{ traceId: traceIdOf("turn-1"), spanId: segmentSpanId("turn-1", 0) }],
      attributes: { "atelier.run.segment": 1, "atelier.run.status": "completed", "gen_ai.usage.input_tokens": 20 },
    });
    expect(agent.events).toEqual([
      {
        name: "atelier.approval.decided",
        timeMs: T0 + 5162,
        attributes: {
          "atelier.approval.id": "ap1",
          "atelier.approval.decision": "approve",
          "atelier.approval.wait_ms": 5001,
        },
      },
    ]);
    expect(refund).toMatchObject({ spanId: toolSpanId("turn-1", "c2"), parentSpanId: segmentSpanId("turn-1", 0) });
    // The second request of the run (counted over segments).
    expect(chat).toMatchObject({
      spanId: chatSpanId("turn-1", 1),
      attributes: { "gen_ai.response.finish_reasons": ["stop"] },
    });
  });

  it("a child run hangs under its caller's tool span; MCP tools are extensions; failures set the status", () => {
    const child = log("child-1", [
      [0, "RunStarted", { kind: "child", parentRunId: "turn-1", agentId: "a2", model: "mistral:mistral-small" }],
      [1, "LlmMessageEvent", { role: "user", parts: [{ type: "text", text: "task" }] }],
      [
        50,
        "LlmMessageEvent",
        { role: "assistant", parts: [{ type: "tool-call", toolCallId: "m1", toolName: "search", input: {} }] },
      ],
      [50, "ToolCallEvent", { toolName: "search", toolCallId: "m1", arguments: "{}" }],
      [
        50,
        "LlmUsageEvent",
        { ...usageEvent(1, 1), provider: "mistral", model: "mistral-small", requestedModel: "mistral:mistral-small" },
      ],
      [
        70,
        "ToolReturnEvent",
        { toolName: "search", toolCallId: "m1", success: false, durationMs: 20, errorType: "McpToolError" },
      ],
      [
        80,
        "RunFinished",
        {
          status: "failed",
          stopReason: "error",
          usage,
          costNanoUsd: 1,
          error: { type: "ToolRetriesExceededError", message: "too many" },
        },
      ],
    ]);
    const spans = buildSegmentSpans({
      run: {
        ...RUN,
        id: "child-1",
        agentId: "a2",
        agentName: "billing",
        kind: "child",
        parentRunId: "turn-1",
        parentToolCallId: "c9",
      },
      events: child,
      parentSegment: null,
      mcpToolNames: new Set(["search"]),
      captureContent: false,
    });
    expect(spans[0]).toMatchObject({
      traceId: traceIdOf("turn-1"),
      parentSpanId: toolSpanId("turn-1", "c9"),
      status: { code: "error", message: "too many" },
      attributes: { "error.type": "ToolRetriesExceededError", "gen_ai.provider.name": "mistral_ai" },
    });
    expect(byName(spans, "execute_tool search")).toMatchObject({
      status: { code: "error" },
      attributes: { "gen_ai.tool.type": "extension", "error.type": "McpToolError" },
    });
    expect(byName(spans, "chat mistral-small").attributes["gen_ai.provider.name"]).toBe("mistral_ai");
  });

  it("a conclusion run hangs under the turn's segment it followed", () => {
    const events = log("concl-1", [
      [0, "RunStarted", { kind: "conclusion", parentRunId: "turn-1", agentId: "a1", model: "openai:gpt-4o-mini" }],
      [5, "RunFinished", { status: "completed", stopReason: "end_turn", usage, costNanoUsd: 0 }],
    ]);
    const [span] = buildSegmentSpans({
      run: { ...RUN, id: "concl-1", kind: "conclusion", parentRunId: "turn-1" },
      events,
      parentSegment: 1,
      mcpToolNames: new Set(),
      captureContent: false,
    });
    expect(span.parentSpanId).toBe(segmentSpanId("turn-1", 1));
  });

  it("with content capture: the prompt, the answer, each request's new messages and output, the call's arguments and result", () => {
    const [agent, chat, tool] = buildSegmentSpans(input(10, { captureContent: true }));
    expect(JSON.parse(agent.attributes["gen_ai.input.messages"] as string)).toEqual([
      { role: "user", parts: [{ type: "text", content: "refund order 7" }] },
    ]);
    expect(JSON.parse(chat.attributes["gen_ai.output.messages"] as string)).toEqual([
      {
        role: "assistant",
        parts: [
          { type: "tool_call", id: "c1", name: "lookup", arguments: { id: 7 } },
          { type: "tool_call", id: "c2", name: "refund", arguments: { id: 7 } },
        ],
        finish_reason: "tool_call",
      },
    ]);
    expect(tool.attributes["gen_ai.tool.call.arguments"]).toBe('{"id":7}');
    expect(JSON.parse(tool.attributes["gen_ai.tool.call.result"] as string)).toEqual({
      type: "json",
      value: { ok: 1 },
    });
    const [, , last] = buildSegmentSpans(input(TURN.length, { captureContent: true }));
    expect(JSON.parse(last.attributes["gen_ai.input.messages"] as string)[0].role).toBe("tool");
  });

  it("builds nothing for a log that does not end with a RunFinished", () => {
    expect(buildSegmentSpans(input(9))).toEqual([]);
  });
});
