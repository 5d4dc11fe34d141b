import { describe, expect, it } from "vitest";
import type { EventData, EventType, StoredEvent } from "./event-types.shared";
import { foldTranscript } from "./transcript-fold.shared";
import type { ToolCallView, TranscriptRun } from "./transcript-types.shared";

/** A log numbered 1, 2, 3… as the server stores it. */
function log() {
  const events: StoredEvent[] = [];
  const add = <T extends EventType>(runId: string | null, type: T, data: EventData[T]) => {
    events.push({ seq: events.length + 1, runId, type, createdAt: "2025-01-01T00:00:00.000Z", data } as StoredEvent);
  };
  return {
    events,
    add,
    start: (runId: string, kind: "turn" | "child" | "conclusion" = "turn", parentRunId: string | null = null) =>
      add(runId, "RunStarted", { kind, parentRunId, agentId: "a", model: "demo:demo" }),
    call: (runId: string, id: string, name: string) =>
      add(runId, "ToolCallEvent", { toolCallId: id, toolName: name, arguments: '{"x":1}' }),
    ret: (runId: string, id: string, name: string, childRunId?: string) =>
      add(runId, "ToolReturnEvent", { toolCallId: id, toolName: name, success: true, durationMs: 1, childRunId }),
    ask: (runId: string, approvalId: string, id: string, name: string) =>
      add(runId, "ApprovalRequested", {
        approvalId,
        toolCallId: id,
        toolName: name,
        arguments: { x: 1 },
        argumentsHash: "h",
      } as EventData["ApprovalRequested"]),
    decide: (approvalId: string, decision: "approve" | "deny") =>
      add(null, "ApprovalDecided", { approvalId, decision, reason: null, decidedBy: "ada" }),
    finish: (
      runId: string,
      status: "completed" | "suspended" | "failed",
      stopReason: "end_turn" | "awaiting_approval",
    ) => add(runId, "RunFinished", { status, stopReason } as EventData["RunFinished"]),
  };
}

const calls = (run: TranscriptRun): ToolCallView[] => run.items.flatMap((i) => (i.kind === "tool" ? [i.call] : []));

describe("foldTranscript", () => {
  it("folds by seq whatever the order, each seq once", () => {
    const l = log();
    l.start("r1");
    l.add("r1", "LlmMessageEvent", { role: "user", parts: [{ type: "text", text: "hi" }] });
    l.add("r1", "LlmMessageEvent", { role: "assistant", parts: [{ type: "text", text: "hello" }] });
    l.finish("r1", "completed", "end_turn");
    const t = foldTranscript([...l.events].reverse().concat(l.events));
    expect(t.entries.map((e) => e.kind)).toEqual(["user", "run"]);
    expect(t.runs.r1.items).toEqual([{ kind: "text", key: "text-3", text: "hello", streaming: false }]);
    expect(t).toMatchObject({ lastSeq: 4, running: false, heldApprovals: [] });
  });

  it("holds a call waiting for its approval and lists the approval; the decision resumes the run", () => {
    const l = log();
    l.start("r1");
    l.call("r1", "c1", "deploy");
    l.ask("r1", "ap1", "c1", "deploy");
    l.finish("r1", "suspended", "awaiting_approval");
    const held = foldTranscript(l.events);
    expect(calls(held.runs.r1)[0]).toMatchObject({ status: "held", argumentsText: '{ "x": 1 }' });
    expect(held.heldApprovals.map((a) => a.approvalId)).toEqual(["ap1"]);
    expect(held.running).toBe(false);

    l.decide("ap1", "approve");
    const resumed = foldTranscript(l.events);
    expect(resumed.runs.r1.status).toBe("running");
    expect(calls(resumed.runs.r1)[0].status).toBe("running");
    expect(resumed).toMatchObject({ running: true, heldApprovals: [] });
  });

  it("a call its run ended without answering, and no approval holds, is unfinished", () => {
    const l = log();
    l.start("r1");
    l.call("r1", "c1", "lookup");
    l.add("r1", "RunFinished", {
      status: "failed",
      stopReason: "error",
      error: { type: "ProviderError", message: "boom" },
    } as EventData["RunFinished"]);
    expect(calls(foldTranscript(l.events).runs.r1)[0].status).toBe("unfinished");
  });

  it("a child run waiting for an approval holds its caller's call; once it finishes the caller resumes", () => {
    const l = log();
    l.start("p");
    l.call("p", "c1", "helper");
    l.start("k", "child", "p");
    l.call("k", "c2", "deploy");
    l.ask("k", "ap1", "c2", "deploy");
    l.finish("k", "suspended", "awaiting_approval");
    l.finish("p", "suspended", "awaiting_approval");
    const waiting = foldTranscript(l.events);
    const [caller] = calls(waiting.runs.p);
    expect(caller).toMatchObject({ status: "held", childRunId: "k" });
    expect(caller.child?.runId).toBe("k");
    expect(waiting.entries.filter((e) => e.kind === "run")).toHaveLength(1); // the child is nested
    expect(waiting).toMatchObject({ running: false });
    expect(waiting.heldApprovals.map((a) => a.approvalId)).toEqual(["ap1"]);

    l.decide("ap1", "deny");
    l.finish("k", "completed", "end_turn");
    const answering = foldTranscript(l.events);
    expect(answering.runs.p.status).toBe("suspended");
    expect(calls(answering.runs.p)[0].status).toBe("running");
    expect(answering.running).toBe(true); // the caller resumes with the child's answer

    l.ret("p", "c1", "helper", "k");
    expect(calls(foldTranscript(l.events).runs.p)[0].status).toBe("ok");
  });

  it("a caller that waits on its own approval too keeps the finished child's call held", () => {
    const l = log();
    l.start("p");
    l.call("p", "c3", "deploy");
    l.call("p", "c1", "helper");
    l.start("k", "child", "p");
    l.finish("k", "completed", "end_turn");
    l.ask("p", "ap2", "c3", "deploy");
    l.finish("p", "suspended", "awaiting_approval");
    const t = foldTranscript(l.events);
    expect(calls(t.runs.p).map((c) => [c.toolCallId, c.status])).toEqual([
      ["c3", "held"],
      ["c1", "held"],
    ]);
    expect(t.running).toBe(false);
  });

  it("shows a child whose caller is not in the log at top level", () => {
    const l = log();
    l.start("k", "child", "gone");
    l.finish("k", "completed", "end_turn");
    const t = foldTranscript(l.events);
    expect(t.entries).toMatchObject([{ kind: "run", run: { runId: "k", kind: "child" } }]);
  });

  it("sums usage until RunFinished reports the totals, and says which requests were priced", () => {
    const l = log();
    l.start("r1");
    const usage = { provider: "demo", model: "other", inputTokens: 10, outputTokens: 5, costNanoUsd: 7 };
    l.add("r1", "LlmUsageEvent", { ...usage, priced: true } as EventData["LlmUsageEvent"]);
    l.add("r1", "LlmUsageEvent", { ...usage, priced: false } as EventData["LlmUsageEvent"]);
    const mid = foldTranscript(l.events).runs.r1.usage;
    expect(mid).toMatchObject({ requests: 2, inputTokens: 20, outputTokens: 10, totalTokens: 30, costNanoUsd: 14 });
    expect(mid).toMatchObject({ priced: "some", answeredBy: ["demo:other"], final: false });
  });

  it("shows a move to another agent version between the turns, with the label it was moved by", () => {
    const l = log();
    l.start("r1");
    l.finish("r1", "completed", "end_turn");
    l.add(null, "AgentVersionChanged", { from: 1, to: 3, label: "production" });
    l.add(null, "AgentVersionChanged", { from: 3, to: 2, label: null });
    const t = foldTranscript(l.events);
    expect(t.entries.map((e) => e.kind)).toEqual(["run", "notice", "notice"]);
    expect(t.entries.slice(1)).toMatchObject([
      { kind: "notice", tone: "info", text: "agent version changed from v1 to v3 (production)" },
      { kind: "notice", tone: "info", text: "agent version changed from v3 to v2" },
    ]);
  });
});
