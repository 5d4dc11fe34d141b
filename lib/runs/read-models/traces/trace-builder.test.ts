import { describe, expect, it } from "vitest";
import type { EventData, EventType, StoredEvent } from "../../../events/event-types";
import { buildRunTrace } from "./trace-builder";
import type { TraceInput } from "./trace-input";
import { TRACE_TEXT_LIMIT } from "./trace-text";
import type { TraceModelSpan, TraceRun, TraceToolSpan } from "./trace-wire.shared";

const T0 = Date.parse("2026-11-30T10:00:00.000Z");
let seq = 0;
function ev<T extends EventType>(runId: string | null, type: T, atMs: number, data: EventData[T]): StoredEvent {
  return { seq: ++seq, runId, type, createdAt: new Date(T0 + atMs).toISOString(), data } as StoredEvent;
}
const usage = (durationMs: number, over: Partial<EventData["LlmUsageEvent"]> = {}): EventData["LlmUsageEvent"] => ({
  provider: "openai",
  model: "gpt-4o",
  requestedModel: "openai:gpt-4o",
  inputTokens: 100,
  outputTokens: 20,
  cacheReadTokens: 40,
  cacheWriteTokens: 0,
  totalTokens: 120,
  costNanoUsd: 1_500,
  priced: true,
  priceVersion: "test",
  durationMs,
  ...over,
});
type RunRow = TraceInput["runs"][number];
const run = (id: string, kind: RunRow["kind"], parentRunId: string | null, over: Partial<RunRow> = {}): RunRow => ({
  id,
  kind,
  parentRunId,
  depth: 0,
  agentId: "a1",
  status: "completed",
  stopReason: "end_turn",
  error: null,
  model: "openai:gpt-4o",
  startedAt: new Date(T0),
  finishedAt: new Date(T0 + 1000),
  ...over,
});

function input(events: StoredEvent[], runs: TraceInput["runs"], rootId = "T"): TraceInput {
  return {
    rootId,
    conversation: { id: "c1", title: "Trace", context: {} },
    runs,
    events,
    promptEvents: events.filter((e) => e.type === "LlmSystemPromptEvent"),
    approvals: [],
    agentNames: new Map([["a1", "lead"]]),
  };
}

describe("buildRunTrace", () => {
  it("lays out requests from their recorded durations, calls after their request, a breached turn's conclusion after it", () => {
    seq = 0;
    const events = [
      ev("T", "RunStarted", 0, { kind: "turn", parentRunId: null, agentId: "a1", model: "openai:gpt-4o" }),
      ev("T", "LlmSystemPromptEvent", 0, { parts: [{ dynamicRef: null, content: "Be brief." }], contentHash: "h1" }),
      ev("T", "LlmMessageEvent", 0, { role: "user", parts: [{ type: "text", text: "hi" }] }),
      ev("T", "LlmContextCompactedEvent", 2, {
        strategyId: "summarize",
        summary: "earlier talk",
        replacedMessageCount: 6,
        summarizerPromptVersion: "v1",
        tokensBefore: 9000,
        tokensAfter: 800,
      }),
      // Step 1: the request took 300 ms and was committed at 310 ms; two calls.
      ev("T", "LlmMessageEvent", 310, {
        role: "assistant",
        parts: [
          { type: "tool-call", toolCallId: "c1", toolName: "lookup", input: { q: 1 } },
          { type: "tool-call", toolCallId: "c2", toolName: "lookup", input: { q: 1 } },
        ],
      }),
      ev("T", "ToolCallEvent", 310, { toolName: "lookup", toolCallId: "c1", arguments: '{"q":1}' }),
      ev("T", "ToolCallEvent", 310, { toolName: "lookup", toolCallId: "c2", arguments: '{"q":1}' }),
      ev("T", "LlmUsageEvent", 310, usage(300)),
      ev("T", "LlmMessageEvent", 400, {
        role: "tool",
        parts: [
          { type: "tool-result", toolCallId: "c1", toolName: "lookup", output: { type: "json", value: { ok: 1 } } },
          {
            type: "tool-result",
            toolCallId: "c2",
            toolName: "lookup",
            output: { type: "text", value: "x".repeat(TRACE_TEXT_LIMIT + 10) },
          },
        ],
      }),
      ev("T", "ToolReturnEvent", 400, { toolName: "lookup", toolCallId: "c1", success: true, durationMs: 80 }),
      ev("T", "ToolReturnEvent", 400, {
        toolName: "lookup",
        toolCallId: "c2",
        success: true,
        durationMs: 0.2,
        memoized: true,
      }),
      // Step 2: a fallback entry answered, unpriced; the run breaches its limit.
      ev("T", "LlmUsageEvent", 900, usage(450, { provider: "demo", model: "demo", costNanoUsd: 0, priced: false })),
      ev("T", "RunFinished", 905, {
        status: "completed",
        stopReason: "usage_limit",
        usage: { requests: 2, toolCalls: 2, inputTokens: 200, outputTokens: 40, totalTokens: 240 },
        costNanoUsd: 1_500,
      }),
      ev("K", "RunStarted", 910, { kind: "conclusion", parentRunId: "T", agentId: "a1", model: "openai:gpt-4o" }),
      ev("K", "LlmMessageEvent", 910, { role: "user", parts: [{ type: "text", text: "conclude" }] }),
      ev("K", "LlmMessageEvent", 1000, { role: "assistant", parts: [{ type: "text", text: "Done." }] }),
      ev("K", "LlmUsageEvent", 1000, usage(80)),
      ev("K", "RunFinished", 1001, {
        status: "completed",
        stopReason: "end_turn",
        usage: { requests: 1, toolCalls: 0, inputTokens: 100, outputTokens: 20, totalTokens: 120 },
        costNanoUsd: 1_500,
      }),
    ];
    const trace = buildRunTrace(
      input(events, [
        run("T", "turn", null, { stopReason: "usage_limit" }),
        run("K", "conclusion", "T", { startedAt: new Date(T0 + 908) }),
      ]),
    );
    const root = trace.run;
    expect(root.spans.map((s) => (s.type === "tool" ? `tool:${s.toolCallId}` : s.type))).toEqual([
      "compaction",
      "model",
      "tool:c1",
      "tool:c2",
      "model",
      "run",
    ]);
    const [compaction, m1, c1, c2, m2, conclusion] = root.spans as [
      TraceRun["spans"][number],
      TraceModelSpan,
      TraceToolSpan,
      TraceToolSpan,
      TraceModelSpan,
      TraceRun,
    ];
    expect(compaction).toMatchObject({ type: "compaction", startMs: 2, detail: "earlier talk" });
    expect(m1).toMatchObject({
      startMs: 10,
      endMs: 310,
      durationMs: 300,
      systemPromptHash: "h1",
      toolCalls: ["lookup", "lookup"],
    });
    expect(c1).toMatchObject({
      startMs: 310,
      endMs: 390,
      success: true,
      result: { type: "json", value: { ok: 1 } },
      truncated: false,
    });
    expect(c2).toMatchObject({ startMs: 310, memoized: true, replayed: false, truncated: true });
    expect(m2).toMatchObject({ startMs: 450, endMs: 900, fallback: true, priced: false });
    expect(conclusion).toMatchObject({
      kind: "conclusion",
      startMs: 910,
      endMs: 1001,
      answer: "Done.",
      prompt: "conclude",
    });
    expect(root.endMs).toBe(905);
    expect(trace.durationMs).toBe(1001);
    expect(trace.systemPrompts).toEqual({
      h1: { parts: [{ dynamicRef: null, content: "Be brief." }], contentHash: "h1" },
    });
    expect(root.usage).toMatchObject({
      requests: 2,
      toolCalls: 2,
      costNanoUsd: 1_500,
      unpricedTokens: 120,
      pricing: "some",
    });
    expect(root.treeUsage).toMatchObject({ requests: 3, costNanoUsd: 3_000, cacheReadTokens: 120, pricing: "some" });
  });

  it("a run still going ends at its last event; a call without a return has no result yet", () => {
    seq = 0;
    const events = [
      ev("R", "RunStarted", 0, { kind: "turn", parentRunId: null, agentId: "a1", model: "openai:gpt-4o" }),
      ev("R", "LlmMessageEvent", 0, { role: "user", parts: [{ type: "text", text: "go" }] }),
      ev("R", "ToolCallEvent", 50, { toolName: "slow", toolCallId: "s1", arguments: "{}" }),
      ev("R", "LlmUsageEvent", 50, usage(40)),
    ];
    const trace = buildRunTrace(input(events, [run("R", "turn", null, { status: "running", finishedAt: null })], "R"));
    expect(trace.run).toMatchObject({ status: "running", endMs: 50, finishedAt: null });
    expect(trace.run.spans[1]).toMatchObject({
      type: "tool",
      success: null,
      result: null,
      durationMs: null,
      startMs: 50,
    });
  });

  it("a compaction at the run's head: its summarizer request is marked and the run starts with it", () => {
    seq = 0;
    const events = [
      ev("S", "LlmUsageEvent", 400, usage(400, { provider: "openai", model: "gpt-4o-mini" })),
      ev("S", "LlmContextCompactedEvent", 401, {
        strategyId: "summarize",
        summary: "the story so far",
        replacedMessageCount: 12,
        summarizerPromptVersion: "v1",
        tokensBefore: 12000,
        tokensAfter: 900,
      }),
      ev("S", "RunStarted", 402, { kind: "turn", parentRunId: null, agentId: "a1", model: "openai:gpt-4o" }),
      ev("S", "LlmMessageEvent", 402, { role: "user", parts: [{ type: "text", text: "next" }] }),
      ev("S", "LlmMessageEvent", 600, { role: "assistant", parts: [{ type: "text", text: "ok" }] }),
      ev("S", "LlmUsageEvent", 600, usage(150)),
    ];
    const trace = buildRunTrace(input(events, [run("S", "turn", null, { startedAt: new Date(T0 + 402) })], "S"));
    expect(trace.startedAt).toBe(new Date(T0).toISOString());
    expect(trace.run.spans.map((s) => (s.type === "model" ? `${s.type}:${s.purpose}` : s.type))).toEqual([
      "model:summarizer",
      "compaction",
      "model:request",
    ]);
    expect(trace.run.spans[0]).toMatchObject({ startMs: 0, endMs: 400, text: "", model: "gpt-4o-mini" });
    expect(trace.run.spans[2]).toMatchObject({ startMs: 450, endMs: 600, text: "ok" });
    expect(trace.run.usage.requests).toBe(2);
  });
});
