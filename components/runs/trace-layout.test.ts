import { describe, expect, it } from "vitest";
import type { TraceRun, TraceToolSpan, TraceUsage } from "@/lib/runs/read-models/traces/trace-wire.shared";
import { barPosition, flattenTrace, spanLabel, timeTicks } from "./trace-layout";

const usage: TraceUsage = {
  requests: 0,
  toolCalls: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  totalTokens: 0,
  costNanoUsd: 0,
  unpricedTokens: 0,
  unpricedRequests: 0,
  pricing: "all",
};
const run = (id: string, spans: TraceRun["spans"], startMs = 0, endMs = 100): TraceRun => ({
  type: "run",
  seq: 1,
  id,
  kind: id === "T" ? "turn" : "child",
  parentRunId: null,
  depth: 0,
  agentId: "a",
  agentName: id === "T" ? "lead" : "atlas",
  status: "completed",
  stopReason: "end_turn",
  error: null,
  requestedModel: null,
  model: null,
  startedAt: "2026-11-30T10:00:00.000Z",
  finishedAt: null,
  durationMs: endMs - startMs,
  prompt: null,
  answer: null,
  suspensions: [],
  usage,
  treeUsage: usage,
  spans,
  startMs,
  endMs,
});
const tool = (id: string, child: TraceRun | null): TraceToolSpan => ({
  type: "tool",
  seq: 3,
  runId: "T",
  startMs: 10,
  endMs: 60,
  toolCallId: id,
  toolName: child ? "atlas" : "lookup",
  arguments: "{}",
  result: null,
  truncated: false,
  success: true,
  durationMs: 50,
  errorType: null,
  replayed: false,
  memoized: false,
  approvalId: null,
  child,
});

describe("flattenTrace", () => {
  const child = run("C", [tool("c2", null)], 12, 58);
  const root = run("T", [tool("c1", child), tool("c3", null)]);

  it("lists a run, its spans, and a child run under the call that started it", () => {
    expect(flattenTrace(root).map((r) => [r.id, r.depth, r.parent])).toEqual([
      ["run:T", 0, true],
      ["tool:T:c1", 1, true],
      ["run:C", 2, true],
      ["tool:T:c2", 3, false],
      ["tool:T:c3", 1, false],
    ]);
  });

  it("hides what sits under a collapsed row", () => {
    expect(flattenTrace(root, new Set(["tool:T:c1"])).map((r) => r.id)).toEqual(["run:T", "tool:T:c1", "tool:T:c3"]);
  });

  it("labels rows", () => {
    expect(spanLabel(root)).toBe("lead · turn");
    expect(spanLabel(child.spans[0])).toBe("lookup");
  });
});

describe("axis", () => {
  it("places bars in percent of the trace, keeping them inside it", () => {
    expect(barPosition(25, 75, 100)).toEqual({ left: 25, width: 50 });
    expect(barPosition(90, 150, 100)).toEqual({ left: 90, width: 10 });
    expect(barPosition(0, 0, 0)).toEqual({ left: 0, width: 0 });
  });

  it("ticks at round milliseconds", () => {
    expect(timeTicks(837)).toEqual([0, 200, 400, 600, 800]);
    expect(timeTicks(12_000)).toEqual([0, 5000, 10000]);
    expect(timeTicks(0)).toEqual([0]);
  });
});
