import { describe, expect, it } from "vitest";
import type { EventData, EventType, StoredEvent } from "@/lib/events/event-types.shared";
import { forkPointsOf } from "./fork-points";

/** A conversation's event log, numbered 1, 2, 3… as the server stores it. */
function log() {
  const events: StoredEvent[] = [];
  const add = <T extends EventType>(runId: string | null, type: T, data: EventData[T]) => {
    events.push({ seq: events.length + 1, runId, type, createdAt: new Date(0).toISOString(), data } as StoredEvent);
    return events.length;
  };
  const usage = { requests: 1, toolCalls: 0, inputTokens: 1, outputTokens: 1, totalTokens: 2 };
  const finish = (runId: string, status: EventData["RunFinished"]["status"] = "completed") =>
    add(runId, "RunFinished", {
      status,
      stopReason: status === "suspended" ? "approval_required" : "end_turn",
      usage,
      costNanoUsd: 0,
    } as EventData["RunFinished"]);
  const start = (
    runId: string,
    kind: "turn" | "conclusion" | "child" | "command" = "turn",
    parent: string | null = null,
  ) => add(runId, "RunStarted", { kind, parentRunId: parent, agentId: "a", model: "demo:demo" });
  const user = (runId: string | null, text = "hi") =>
    add(runId, "LlmMessageEvent", { role: "user", parts: [{ type: "text", text }] });
  const answer = (runId: string) =>
    add(runId, "LlmMessageEvent", { role: "assistant", parts: [{ type: "text", text: "ok" }] });
  return { events, add, start, user, answer, finish };
}

describe("forkPointsOf", () => {
  it("offers 0 and the end of each settled turn; a message forks just before its run", () => {
    const l = log();
    l.start("r1");
    const m1 = l.user("r1");
    l.answer("r1");
    const f1 = l.finish("r1");
    l.start("r2");
    const m2 = l.user("r2");
    l.answer("r2");
    const f2 = l.finish("r2");
    const p = forkPointsOf(l.events);
    expect(p.afterRun).toEqual({ r1: f1, r2: f2 });
    expect(p.beforeMessage).toEqual({ [m1]: 0, [m2]: f1 });
    expect(p.all).toEqual([0, f1, f2]);
  });

  it("has no point after a run that is still going or held for a decision", () => {
    const l = log();
    l.start("r1");
    l.user("r1");
    const f1 = l.finish("r1");
    l.start("r2");
    const m2 = l.user("r2");
    l.finish("r2", "suspended");
    l.start("r3", "command");
    const p = forkPointsOf(l.events);
    expect(p.afterRun).toEqual({ r1: f1 });
    expect(p.beforeMessage[m2]).toBe(f1);
    expect(p.all).toEqual([0, f1]);
  });

  it("a resumed run is settled only by its last RunFinished", () => {
    const l = log();
    l.start("r1");
    l.user("r1");
    l.finish("r1", "suspended");
    l.answer("r1");
    expect(forkPointsOf(l.events).afterRun).toEqual({});
    const f = l.finish("r1");
    expect(forkPointsOf(l.events).afterRun).toEqual({ r1: f });
  });

  it("a turn followed by its conclusion forks after the conclusion, never between the two", () => {
    const l = log();
    l.start("r1");
    l.user("r1");
    l.finish("r1");
    l.start("c1", "conclusion", "r1");
    const cm = l.user("c1", "conclude");
    const fc = l.finish("c1");
    const p = forkPointsOf(l.events);
    expect(p.afterRun).toEqual({ c1: fc });
    expect(p.beforeMessage[cm]).toBeUndefined();
    expect(p.all).toEqual([0, fc]);
  });

  it("child runs are inside their caller; events between turns are points of their own", () => {
    const l = log();
    l.start("r1");
    l.user("r1");
    l.start("k1", "child", "r1");
    l.finish("k1");
    const f1 = l.finish("r1");
    const switched = l.add(null, "ModelSwitched", { from: "demo:demo", to: "demo:careful" });
    l.start("r2");
    const m2 = l.user("r2");
    l.finish("r2");
    const p = forkPointsOf(l.events);
    expect(Object.keys(p.afterRun)).toEqual(["r1", "r2"]);
    expect(p.all).toContain(switched);
    expect(p.all).toContain(f1);
    expect(p.beforeMessage[m2]).toBe(switched);
  });

  it("reads events in any order, each seq once", () => {
    const l = log();
    l.start("r1");
    const m1 = l.user("r1");
    const f1 = l.finish("r1");
    const p = forkPointsOf([...l.events].reverse().concat(l.events));
    expect(p).toEqual({ afterRun: { r1: f1 }, beforeMessage: { [m1]: 0 }, all: [0, f1] });
  });

  it("a manual compaction is one step: its summarizer usage is no point, the compaction after it is", () => {
    const l = log();
    l.start("r1");
    l.user("r1");
    const f1 = l.finish("r1");
    const usage = l.add(null, "LlmUsageEvent", {
      provider: "demo",
      model: "demo",
      requestedModel: "demo:demo",
      inputTokens: 1,
      outputTokens: 1,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      totalTokens: 2,
      costNanoUsd: 0,
      priced: false,
    } as EventData["LlmUsageEvent"]);
    const compacted = l.add(null, "LlmContextCompactedEvent", {
      replacedMessageCount: 2,
      tokensBefore: 100,
      tokensAfter: 10,
    } as EventData["LlmContextCompactedEvent"]);
    const p = forkPointsOf(l.events);
    expect(p.all).toEqual([0, f1, compacted]);
    expect(p.all).not.toContain(usage);
  });
});
