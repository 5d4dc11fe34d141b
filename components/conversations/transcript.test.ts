import { describe, expect, it } from "vitest";
import type { EventData, EventType, StoredEvent, ToolResultOutput } from "@/lib/events/event-types.shared";
import {
  activeRunStillRunning,
  addDelta,
  buildTranscript,
  EMPTY_STREAM,
  settleDeltas,
  statusLineOf,
  streamReducer,
} from "./transcript";
import { prettyJson } from "@/lib/events/tool-output-text.shared";
import type { RunItem, ToolCallView, TranscriptEntry, TranscriptRun } from "@/lib/events/transcript-types.shared";

/** A conversation's event log, numbered 1, 2, 3… as the server stores it. */
function log() {
  const events: StoredEvent[] = [];
  const add = <T extends EventType>(runId: string | null, type: T, data: EventData[T]) => {
    events.push({
      seq: events.length + 1,
      runId,
      type,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, events.length)).toISOString(),
      data,
    } as StoredEvent);
    return events[events.length - 1];
  };
  const usage = { requests: 1, toolCalls: 0, inputTokens: 10, outputTokens: 5, totalTokens: 15 };
  return {
    events,
    add,
    start: (runId: string, kind: "turn" | "conclusion" | "child" = "turn", parentRunId: string | null = null) =>
      add(runId, "RunStarted", { kind, parentRunId, agentId: "agent-1", model: "demo:demo" }),
    user: (runId: string | null, text: string) =>
      add(runId, "LlmMessageEvent", { role: "user", parts: [{ type: "text", text }] }),
    answer: (runId: string, text: string) =>
      add(runId, "LlmMessageEvent", { role: "assistant", parts: [{ type: "text", text }] }),
    askTools: (runId: string, calls: { id: string; name: string; input: unknown }[]) =>
      add(runId, "LlmMessageEvent", {
        role: "assistant",
        parts: calls.map((c) => ({ type: "tool-call" as const, toolCallId: c.id, toolName: c.name, input: c.input })),
      }),
    call: (runId: string, id: string, name: string, args: unknown) =>
      add(runId, "ToolCallEvent", { toolCallId: id, toolName: name, arguments: JSON.stringify(args) }),
    ret: (runId: string, id: string, name: string, extra: Partial<EventData["ToolReturnEvent"]> = {}) =>
      add(runId, "ToolReturnEvent", { toolCallId: id, toolName: name, success: true, durationMs: 12, ...extra }),
    results: (runId: string, results: { id: string; name: string; output: ToolResultOutput }[]) =>
      add(runId, "LlmMessageEvent", {
        role: "tool",
        parts: results.map((r) => ({
          type: "tool-result" as const,
          toolCallId: r.id,
          toolName: r.name,
          output: r.output,
        })),
      }),
    usageEvent: (runId: string, over: Partial<EventData["LlmUsageEvent"]> = {}) =>
      add(runId, "LlmUsageEvent", {
        provider: "demo",
        model: "demo",
        requestedModel: "demo:demo",
        inputTokens: 10,
        outputTokens: 5,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        totalTokens: 15,
        costNanoUsd: 123_000,
        priced: true,
        ...over,
      }),
    finish: (runId: string, over: Partial<EventData["RunFinished"]> = {}) =>
      add(runId, "RunFinished", { status: "completed", stopReason: "end_turn", usage, costNanoUsd: 123_000, ...over }),
  };
}

const runEntries = (entries: TranscriptEntry[]) =>
  entries.filter((e): e is Extract<TranscriptEntry, { kind: "run" }> => e.kind === "run").map((e) => e.run);
const tools = (run: TranscriptRun): ToolCallView[] =>
  run.items.filter((i): i is Extract<RunItem, { kind: "tool" }> => i.kind === "tool").map((i) => i.call);
const texts = (run: TranscriptRun) =>
  run.items.filter((i): i is Extract<RunItem, { kind: "text" }> => i.kind === "text");

describe("buildTranscript", () => {
  it("a user message and its answer, with the run's usage and cost", () => {
    const l = log();
    l.start("r1");
    l.user("r1", "Hello there");
    l.usageEvent("r1");
    l.answer("r1", "Hi! **How** can I help?");
    l.finish("r1");
    const t = buildTranscript(l.events);
    expect(t.entries.map((e) => e.kind)).toEqual(["user", "run"]);
    expect(t.entries[0]).toMatchObject({ kind: "user", text: "Hello there" });
    const [run] = runEntries(t.entries);
    expect(texts(run)).toEqual([{ kind: "text", key: "text-4", text: "Hi! **How** can I help?", streaming: false }]);
    expect(run).toMatchObject({ status: "completed", stopReason: "end_turn", model: "demo:demo" });
    expect(statusLineOf(run)).toBeNull();
    expect(run.usage).toMatchObject({ requests: 1, totalTokens: 15, costNanoUsd: 123_000, priced: "all", final: true });
    expect(t.running).toBe(false);
    expect(t.lastSeq).toBe(5);
  });

  it("a user message stored before its run started still comes first", () => {
    const l = log();
    l.user(null, "first");
    l.start("r1");
    l.answer("r1", "ok");
    const t = buildTranscript(l.events);
    expect(t.entries.map((e) => e.kind)).toEqual(["user", "run"]);
    expect(statusLineOf(runEntries(t.entries)[0])).toEqual({ tone: "info", text: "thinking…" });
    expect(t.running).toBe(true);
  });

  it("a tool call and its return make one card with arguments, result and duration; running, it says what it calls", () => {
    const l = log();
    l.start("r1");
    l.user("r1", "population of Paris?");
    l.askTools("r1", [{ id: "c1", name: "city_population", input: { city: "Paris" } }]);
    l.call("r1", "c1", "city_population", { city: "Paris" });
    const during = runEntries(buildTranscript(l.events).entries)[0];
    expect(tools(during)).toMatchObject([
      { toolName: "city_population", status: "running", argumentsText: '{ "city": "Paris" }' },
    ]);
    expect(statusLineOf(during)).toEqual({ tone: "info", text: "calling `city_population`…" });

    l.ret("r1", "c1", "city_population", { durationMs: 42 });
    l.results("r1", [{ id: "c1", name: "city_population", output: { type: "json", value: 2103000 } }]);
    l.answer("r1", "city_population returned: 2103000");
    l.finish("r1");
    const [run] = runEntries(buildTranscript(l.events).entries);
    expect(run.items.map((i) => i.kind)).toEqual(["tool", "text"]);
    expect(tools(run)[0]).toMatchObject({
      status: "ok",
      durationMs: 42,
      result: { type: "json", value: 2103000 },
      errorType: null,
    });
    expect(statusLineOf(run)).toBeNull();
  });

  it("a call answered from a record (a replay) is marked so", () => {
    const l = log();
    l.start("r1");
    l.call("r1", "c1", "city_population", { city: "Paris" });
    l.ret("r1", "c1", "city_population", { replayed: true });
    l.call("r1", "c2", "city_population", { city: "Lyon" });
    l.ret("r1", "c2", "city_population");
    const [a, b] = tools(runEntries(buildTranscript(l.events).entries)[0]);
    expect(a.replayed).toBe(true);
    expect(b.replayed).toBeFalsy();
  });

  it("a failed tool call shows its error type and message", () => {
    const l = log();
    l.start("r1");
    l.call("r1", "c1", "refund", { orderId: "A-1" });
    l.ret("r1", "c1", "refund", { success: false, errorType: "ToolTimeoutError", durationMs: 5000 });
    l.results("r1", [
      { id: "c1", name: "refund", output: { type: "error-text", value: "ToolTimeoutError: timed out after 5000 ms" } },
    ]);
    const call = tools(runEntries(buildTranscript(l.events).entries)[0])[0];
    expect(call).toMatchObject({
      status: "error",
      errorType: "ToolTimeoutError",
      errorMessage: "timed out after 5000 ms",
      durationMs: 5000,
    });
  });

  it("parallel calls make one card each, in call order, each with its own outcome", () => {
    const l = log();
    l.start("r1");
    l.user("r1", "weather and population of Lisbon");
    l.askTools("r1", [
      { id: "a", name: "forecast", input: { city: "Lisbon" } },
      { id: "b", name: "city_population", input: { city: "Lisbon" } },
    ]);
    l.call("r1", "a", "forecast", { city: "Lisbon" });
    l.call("r1", "b", "city_population", { city: "Lisbon" });
    l.ret("r1", "b", "city_population", { durationMs: 3 });
    const mid = runEntries(buildTranscript(l.events).entries)[0];
    expect(tools(mid).map((c) => [c.toolName, c.status])).toEqual([
      ["forecast", "running"],
      ["city_population", "ok"],
    ]);
    expect(statusLineOf(mid)?.text).toBe("calling `forecast`…");
    l.ret("r1", "a", "forecast", { durationMs: 9 });
    l.results("r1", [
      { id: "a", name: "forecast", output: { type: "text", value: "mild" } },
      { id: "b", name: "city_population", output: { type: "json", value: 545000 } },
    ]);
    l.finish("r1");
    const run = runEntries(buildTranscript(l.events).entries)[0];
    expect(
      tools(run).map((c) => [
        c.toolName,
        c.status,
        c.durationMs,
        c.result && "value" in c.result ? c.result.value : null,
      ]),
    ).toEqual([
      ["forecast", "ok", 9, "mild"],
      ["city_population", "ok", 3, 545000],
    ]);
  });

  it("a call of another agent nests the child run inside its tool card", () => {
    const l = log();
    l.start("p");
    l.user("p", "ask atlas about Tokyo");
    l.askTools("p", [{ id: "c1", name: "atlas", input: { task: "population of Tokyo" } }]);
    l.call("p", "c1", "atlas", { task: "population of Tokyo" });
    l.start("k", "child", "p");
    l.user("k", "population of Tokyo");
    l.call("k", "k1", "city_population", { city: "Tokyo" });
    const mid = buildTranscript(l.events);
    const midParent = runEntries(mid.entries)[0];
    expect(runEntries(mid.entries)).toHaveLength(1);
    expect(tools(midParent)[0].child?.runId).toBe("k");
    expect(statusLineOf(tools(midParent)[0].child!)?.text).toBe("calling `city_population`…");

    l.ret("k", "k1", "city_population");
    l.answer("k", "13960000");
    l.finish("k");
    l.ret("p", "c1", "atlas", { childRunId: "k", durationMs: 80 });
    l.results("p", [{ id: "c1", name: "atlas", output: { type: "text", value: "13960000" } }]);
    l.answer("p", "Tokyo has 13,960,000 people.");
    l.finish("p");
    const t = buildTranscript(l.events);
    expect(runEntries(t.entries).map((r) => r.runId)).toEqual(["p"]);
    const card = tools(runEntries(t.entries)[0])[0];
    expect(card).toMatchObject({ toolName: "atlas", childRunId: "k", status: "ok" });
    expect(card.child).toMatchObject({ runId: "k", kind: "child", parentRunId: "p", status: "completed" });
    expect(card.child!.items.map((i) => i.kind)).toEqual(["task", "tool", "text"]);
    expect(t.entries.filter((e) => e.kind === "user")).toHaveLength(1);
  });

  it("a call held open by a child waiting for an approval awaits approval, then shows the child's answer", () => {
    const l = log();
    l.start("p");
    l.user("p", "refund A-1001");
    l.askTools("p", [{ id: "c1", name: "billing", input: { task: "refund A-1001" } }]);
    l.call("p", "c1", "billing", { task: "refund A-1001" });
    l.start("k", "child", "p");
    l.user("k", "refund A-1001");
    l.askTools("k", [{ id: "k1", name: "refund", input: { orderId: "A-1001" } }]);
    l.call("k", "k1", "refund", { orderId: "A-1001" });
    l.add("k", "ApprovalRequested", {
      approvalId: "ap1",
      toolName: "refund",
      toolCallId: "k1",
      arguments: { orderId: "A-1001" },
      argumentsHash: "h".repeat(64),
    });
    l.finish("k", { status: "suspended", stopReason: "awaiting_approval" });
    l.finish("p", { status: "suspended", stopReason: "awaiting_approval" });
    const held = buildTranscript(l.events);
    const card = tools(runEntries(held.entries)[0])[0];
    expect(card).toMatchObject({ toolName: "billing", status: "held", childRunId: "k" });
    expect(card.child?.status).toBe("suspended");
    expect(held.heldApprovals.map((a) => a.approvalId)).toEqual(["ap1"]);

    // Approved: the child finishes, and its answer is the caller's result.
    l.add("k", "ApprovalDecided", { approvalId: "ap1", decision: "approve", reason: null, decidedBy: "ann" });
    l.ret("k", "k1", "refund");
    l.results("k", [{ id: "k1", name: "refund", output: { type: "text", value: "refunded" } }]);
    l.answer("k", "Refunded A-1001.");
    l.finish("k");
    // Between the child's end and its caller's resumption the call is still going, and so is the turn.
    const between = buildTranscript(l.events);
    expect(tools(runEntries(between.entries)[0])[0].status).toBe("running");
    expect(between.running).toBe(true);
    l.results("p", [{ id: "c1", name: "billing", output: { type: "text", value: "Refunded A-1001." } }]);
    l.ret("p", "c1", "billing", { childRunId: "k", durationMs: 0 });
    l.answer("p", "Your refund is done.");
    l.finish("p");
    const done = tools(runEntries(buildTranscript(l.events).entries)[0])[0];
    expect(done).toMatchObject({ status: "ok", childRunId: "k", result: { type: "text", value: "Refunded A-1001." } });
  });

  it("a caller held by two children resumes only when both have finished", () => {
    const l = log();
    l.start("p");
    l.user("p", "refund both");
    l.askTools("p", [
      { id: "c1", name: "billing", input: { task: "refund A" } },
      { id: "c2", name: "billing", input: { task: "refund B" } },
    ]);
    // Each child belongs to the caller's latest call without one (no return names it yet).
    for (const [callId, runId] of [
      ["c1", "k1"],
      ["c2", "k2"],
    ]) {
      l.call("p", callId, "billing", { task: runId });
      l.start(runId, "child", "p");
      l.user(runId, runId);
    }
    const waiting = { status: "suspended" as const, stopReason: "awaiting_approval" as const };
    l.finish("k1", waiting);
    l.finish("k2", waiting);
    l.finish("p", waiting);
    const calls = (t: ReturnType<typeof buildTranscript>) =>
      tools(runEntries(t.entries)[0]).map((c) => `${c.toolCallId}:${c.status}`);
    expect(calls(buildTranscript(l.events))).toEqual(["c1:held", "c2:held"]);
    l.finish("k1");
    const oneDone = buildTranscript(l.events);
    expect(calls(oneDone)).toEqual(["c1:held", "c2:held"]);
    expect(oneDone.running).toBe(false);
    l.finish("k2");
    const bothDone = buildTranscript(l.events);
    expect(calls(bothDone)).toEqual(["c1:running", "c2:running"]);
    expect(bothDone.running).toBe(true);
  });

  it("the ToolReturnEvent's childRunId moves a child to the call it belongs to", () => {
    const l = log();
    l.start("p");
    l.call("p", "a", "atlas", {});
    l.call("p", "b", "forecast", {});
    l.start("k", "child", "p"); // guessed: the latest running call (b)
    l.finish("k");
    l.ret("p", "b", "forecast");
    l.ret("p", "a", "atlas", { childRunId: "k" });
    const [a, b] = tools(runEntries(buildTranscript(l.events).entries)[0]);
    expect(a.child?.runId).toBe("k");
    expect(b.child).toBeNull();
  });

  it("a turn that reaches its usage limit says so, and the conclusion run follows", () => {
    const l = log();
    l.start("t");
    l.user("t", "loop forever");
    l.usageEvent("t");
    l.finish("t", { stopReason: "usage_limit" });
    const before = runEntries(buildTranscript(l.events).entries)[0];
    expect(statusLineOf(before)).toEqual({ tone: "warn", text: "usage limit reached" });
    l.start("c", "conclusion", "t");
    l.answer("c", "I ran out of budget; here is what I have.");
    l.finish("c");
    const t = buildTranscript(l.events);
    const [turn, conclusion] = runEntries(t.entries);
    expect(statusLineOf(turn)).toEqual({ tone: "warn", text: "usage limit reached — concluding" });
    expect(turn.concludedBy).toBe("c");
    expect(conclusion).toMatchObject({ kind: "conclusion", parentRunId: "t", status: "completed" });
    expect(texts(conclusion)[0].text).toContain("ran out of budget");
  });

  it("a failed run shows its error", () => {
    const l = log();
    l.start("r1");
    l.user("r1", "hi");
    l.finish("r1", {
      status: "failed",
      stopReason: "error",
      error: { type: "ProviderError", message: "the provider answered 500" },
    });
    const run = runEntries(buildTranscript(l.events).entries)[0];
    expect(run.error).toEqual({ type: "ProviderError", message: "the provider answered 500" });
    expect(statusLineOf(run)).toEqual({ tone: "error", text: "run failed — ProviderError: the provider answered 500" });
  });

  it("a suspended run awaits approval and lists the held calls", () => {
    const l = log();
    l.start("r1");
    l.user("r1", "refund A-1001 10 dollars");
    l.askTools("r1", [{ id: "c1", name: "refund", input: { orderId: "A-1001", amountUsd: 10 } }]);
    l.add("r1", "ApprovalRequested", {
      approvalId: "ap1",
      toolName: "refund",
      toolCallId: "c1",
      arguments: '{"orderId":"A-1001","amountUsd":10}',
      argumentsHash: "h",
    });
    l.finish("r1", { status: "suspended", stopReason: "awaiting_approval" });
    const t = buildTranscript(l.events);
    const run = runEntries(t.entries)[0];
    expect(statusLineOf(run)).toEqual({ tone: "warn", text: "awaiting approval" });
    expect(run.approvals).toMatchObject([{ approvalId: "ap1", toolName: "refund", decision: null }]);
    expect(tools(run)[0].status).toBe("held");
    expect(t.heldApprovals.map((a) => a.approvalId)).toEqual(["ap1"]);
    expect(t.running).toBe(false);

    // Decided: the same run goes on under its id (no second RunStarted) and finishes.
    l.add("r1", "ApprovalDecided", { approvalId: "ap1", decision: "approve", reason: null, decidedBy: "ada" });
    const resuming = buildTranscript(l.events);
    expect(runEntries(resuming.entries)[0]).toMatchObject({ status: "running" });
    expect(statusLineOf(runEntries(resuming.entries)[0])).toEqual({ tone: "info", text: "calling `refund`…" });
    expect(resuming.heldApprovals).toEqual([]);
    l.ret("r1", "c1", "refund");
    l.usageEvent("r1");
    l.answer("r1", "Refunded.");
    l.finish("r1", { usage: { requests: 2, toolCalls: 1, inputTokens: 20, outputTokens: 10, totalTokens: 30 } });
    const after = buildTranscript(l.events);
    const resumed = runEntries(after.entries)[0];
    expect(resumed.status).toBe("completed");
    expect(tools(resumed)).toHaveLength(1);
    expect(tools(resumed)[0].status).toBe("ok");
    expect(resumed.approvals[0].decision).toBe("approve");
    expect(resumed.usage).toMatchObject({ requests: 2, totalTokens: 30, final: true });
    expect(after.heldApprovals).toEqual([]);
  });

  it("a run resumed after an approval may also start again under its id", () => {
    const l = log();
    l.start("r1");
    l.add("r1", "ApprovalRequested", {
      approvalId: "ap1",
      toolName: "refund",
      toolCallId: "c1",
      arguments: "{}",
      argumentsHash: "h",
    });
    l.finish("r1", { status: "suspended", stopReason: "awaiting_approval" });
    l.start("r1");
    expect(runEntries(buildTranscript(l.events).entries)).toHaveLength(1);
    expect(runEntries(buildTranscript(l.events).entries)[0].status).toBe("running");
  });

  it("a suspended run superseded by a new message says so, its held call denied", () => {
    const l = log();
    l.start("r1");
    l.askTools("r1", [{ id: "c1", name: "refund", input: {} }]);
    l.add("r1", "ApprovalRequested", {
      approvalId: "ap1",
      toolName: "refund",
      toolCallId: "c1",
      arguments: "{}",
      argumentsHash: "h",
    });
    l.finish("r1", { status: "suspended", stopReason: "awaiting_approval" });
    l.add("r1", "ApprovalDecided", {
      approvalId: "ap1",
      decision: "deny",
      reason: "superseded by a new user message",
      decidedBy: "ada",
    });
    l.results("r1", [{ id: "c1", name: "refund", output: { type: "error-text", value: "Denied by ada" } }]);
    l.ret("r1", "c1", "refund", { success: false, errorType: "ApprovalDenied", durationMs: 0 });
    l.finish("r1", { status: "completed", stopReason: "superseded" });
    l.start("r2");
    l.user("r2", "Hello?");
    const t = buildTranscript(l.events);
    const [first] = runEntries(t.entries);
    expect(statusLineOf(first)).toEqual({ tone: "warn", text: "superseded by a newer message" });
    expect(tools(first)[0]).toMatchObject({
      status: "error",
      errorType: "ApprovalDenied",
      errorMessage: "Denied by ada",
    });
    expect(t.heldApprovals).toEqual([]);
  });

  it("streamed text shows while the run generates and is replaced by the stored assistant message", () => {
    const l = log();
    l.start("r1");
    l.user("r1", "hi");
    let pending = addDelta({}, "r1", "Hel", 2);
    pending = addDelta(pending, "r1", "lo **wor", 2);
    const streaming = runEntries(buildTranscript(l.events, pending).entries)[0];
    expect(texts(streaming)).toMatchObject([{ text: "Hello **wor", streaming: true }]);
    expect(statusLineOf(streaming)).toBeNull();

    const stored = l.answer("r1", "Hello **world**");
    // Before the pending texts are settled the fold already prefers the stored message…
    expect(texts(runEntries(buildTranscript(l.events, pending).entries)[0])).toMatchObject([
      { text: "Hello **world**", streaming: false },
    ]);
    // …and settling drops the streamed text.
    pending = settleDeltas(pending, stored);
    expect(pending).toEqual({});
    l.finish("r1");
    expect(texts(runEntries(buildTranscript(l.events, pending).entries)[0])).toHaveLength(1);
  });

  it("deltas and the assistant message that replaces them, applied in one batch, never show the text twice", () => {
    const l = log();
    l.start("r1");
    l.user("r1", "hi");
    // What one read of the stream delivers before React renders: the anchor of each delta is the
    // newest stored event delivered before it, not the newest one delivered before the render.
    let s = streamReducer(EMPTY_STREAM, { kind: "anchor", seq: 0 });
    for (const e of l.events) s = streamReducer(s, { kind: "event", event: e });
    s = streamReducer(s, { kind: "delta", runId: "r1", delta: "Hel" });
    s = streamReducer(s, { kind: "delta", runId: "r1", delta: "lo" });
    const stored = l.answer("r1", "Hello");
    s = streamReducer(s, { kind: "event", event: stored });
    expect(s.pending).toEqual({});
    expect(s.anchor).toBe(stored.seq);
    const items = texts(runEntries(buildTranscript(l.events, s.pending).entries)[0]);
    expect(items).toMatchObject([{ text: "Hello", streaming: false }]);
    // A later text of the same run is anchored after that message.
    s = streamReducer(s, { kind: "delta", runId: "r1", delta: "More" });
    expect(s.pending.r1).toEqual({ afterSeq: stored.seq, text: "More" });
  });

  it("text streamed after a tool round shows after the earlier stored message", () => {
    const l = log();
    l.start("r1");
    l.askTools("r1", [{ id: "c1", name: "forecast", input: {} }]);
    l.ret("r1", "c1", "forecast");
    const pending = addDelta({}, "r1", "Mild.", 3);
    const run = runEntries(buildTranscript(l.events, pending).entries)[0];
    expect(run.items.map((i) => i.kind)).toEqual(["tool", "text"]);
    expect(texts(run)[0]).toMatchObject({ text: "Mild.", streaming: true });
  });

  it("a denied call is an error card; approval arguments may arrive parsed", () => {
    const l = log();
    l.start("r1");
    l.askTools("r1", [{ id: "c1", name: "refund", input: { orderId: "A-1" } }]);
    l.add("r1", "ApprovalRequested", {
      approvalId: "ap1",
      toolName: "refund",
      toolCallId: "c1",
      arguments: { orderId: "A-1" },
      argumentsHash: "h",
    });
    l.add("r1", "ApprovalDecided", { approvalId: "ap1", decision: "deny", reason: "not today", decidedBy: "ada" });
    l.results("r1", [{ id: "c1", name: "refund", output: { type: "execution-denied", reason: "not today" } }]);
    const run = runEntries(buildTranscript(l.events).entries)[0];
    expect(run.approvals[0]).toMatchObject({
      argumentsText: '{ "orderId": "A-1" }',
      decision: "deny",
      reason: "not today",
    });
    expect(tools(run)[0]).toMatchObject({
      status: "error",
      errorType: "ExecutionDenied",
      errorMessage: "denied: not today",
    });
  });

  it("unpriced usage is flagged, events are folded by seq once, notices outside runs show at top level", () => {
    const l = log();
    l.add(null, "ModelSwitched", { from: "demo:demo", to: "demo:careful" });
    l.start("r1");
    l.usageEvent("r1", { priced: false, costNanoUsd: 0, provider: "demo", model: "careful" });
    l.finish("r1", { costNanoUsd: 0 });
    const shuffled = [l.events[3], l.events[1], l.events[0], l.events[2], l.events[1]];
    const t = buildTranscript(shuffled);
    expect(t.entries[0]).toMatchObject({ kind: "notice", text: "model switched from demo:demo to demo:careful" });
    const run = runEntries(t.entries)[0];
    expect(run.usage.priced).toBe("none");
    expect(run.usage.answeredBy).toEqual(["demo:careful"]);
  });
});

describe("prettyJson", () => {
  it("short JSON on one line, long JSON indented, text as it is", () => {
    expect(prettyJson('{"city":"Paris"}')).toBe('{ "city": "Paris" }');
    expect(prettyJson({ a: "x".repeat(80) })).toBe(`{\n  "a": "${"x".repeat(80)}"\n}`);
    expect(prettyJson("not json")).toBe("not json");
  });
});

describe("activeRunStillRunning", () => {
  it("believes the detail's running run until the log holds its RunFinished", () => {
    const l = log();
    l.start("run-a");
    const midRun = buildTranscript(l.events);
    expect(activeRunStillRunning({ id: "run-a", status: "running" }, midRun)).toBe(true);
    // A run the log has not reached yet (the detail was fetched first) is running too.
    expect(activeRunStillRunning({ id: "run-b", status: "running" }, midRun)).toBe(true);
    l.finish("run-a");
    expect(activeRunStillRunning({ id: "run-a", status: "running" }, buildTranscript(l.events))).toBe(false);
    expect(activeRunStillRunning({ id: "run-a", status: "suspended" }, midRun)).toBe(false);
    expect(activeRunStillRunning(null, midRun)).toBe(false);
  });
});
