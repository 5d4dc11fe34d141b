import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../../events/event-types";
import { ReplaySession } from "../tool-dispatch/replay";
import type { RunTool } from "../run-tool";
import { recordedOutcome, replayRecord } from "./replay-record";

let seq = 0;
const ev = (runId: string | null, type: string, data: Record<string, unknown>): StoredEvent =>
  ({ seq: ++seq, runId, type, createdAt: "2026-01-01T00:00:00.000Z", data }) as StoredEvent;
const started = (runId: string, kind: string, parentRunId: string | null = null, extra = {}) =>
  ev(runId, "RunStarted", { kind, parentRunId, agentId: "a", model: "demo:demo", agentVersion: 2, ...extra });
const user = (runId: string, text: string) =>
  ev(runId, "LlmMessageEvent", { role: "user", parts: [{ type: "text", text }] });
const call = (runId: string, id: string, toolName: string, args: string) =>
  ev(runId, "ToolCallEvent", { toolName, toolCallId: id, arguments: args });
const answer = (runId: string, id: string, toolName: string, output: unknown, ret: Record<string, unknown> = {}) => [
  ev(runId, "LlmMessageEvent", { role: "tool", parts: [{ type: "tool-result", toolCallId: id, toolName, output }] }),
  ev(runId, "ToolReturnEvent", { toolName, toolCallId: id, success: true, durationMs: 1, ...ret }),
];

const tool = (name: string, flags: Partial<RunTool> = {}) =>
  ({ name, sideEffecting: false, idempotent: false, requiresApproval: false, ...flags }) as RunTool;

describe("replayRecord", () => {
  const log = [
    ev(null, "ModelSwitched", { from: "demo:demo", to: "demo:fast" }),
    started("t1", "turn"),
    user("t1", "First"),
    call("t1", "c1", "lookup", '{"b":2,"a":1}'),
    call("t1", "c2", "lookup", "{not json"),
    call("t1", "c3", "ask", '{"task":"x"}'),
    started("k1", "child", "t1"),
    user("k1", "x"),
    call("k1", "c4", "search", '{"q":"y"}'),
    ...answer("k1", "c4", "search", { type: "json", value: { hits: 3 } }),
    ...answer("t1", "c1", "lookup", { type: "text", value: "found" }),
    ...answer(
      "t1",
      "c2",
      "lookup",
      { type: "error-text", value: "ToolArgumentError: bad" },
      {
        success: false,
        errorType: "ToolArgumentError",
      },
    ),
    ...answer("t1", "c3", "ask", { type: "text", value: "y" }),
    started("x1", "conclusion", "t1"),
    ev(null, "LlmContextCompactedEvent", {
      strategyId: "sliding_window",
      summary: "s",
      replacedMessageCount: 2,
      summarizerPromptVersion: null,
      tokensBefore: 1,
      tokensAfter: 1,
    }),
    started("m1", "command"),
    ev("m1", "LlmMessageEvent", { role: "assistant", parts: [] }),
    call("m1", "command_m1", "refund", '{"orderId":"A"}'),
    ...answer(
      "m1",
      "command_m1",
      "refund",
      { type: "error-text", value: "Denied by ops: no." },
      {
        success: false,
        errorType: "ApprovalDenied",
      },
    ),
    ev(null, "LlmContextClearedEvent", { clearedMessageCount: 3 }),
    ev(null, "AgentVersionChanged", { from: 2, to: 3, label: "staging" }),
    started("t2", "turn"),
    user("t2", "Second"),
    // Compacted at a run's head: the replay's own trigger decides, not re-applied.
    ev("t2", "LlmContextCompactedEvent", {
      strategyId: "summarize",
      summary: "s",
      replacedMessageCount: 2,
      summarizerPromptVersion: "v1",
      tokensBefore: 1,
      tokensAfter: 1,
    }),
    call("t2", "c9", "lookup", '{"a":1}'),
  ];

  it("reads the steps in order, every depth of a turn in its scope, and leaves out what never reached dispatch", () => {
    const r = replayRecord(log);
    expect(r.steps).toEqual([
      { kind: "model", from: "demo:demo", to: "demo:fast" },
      { kind: "turn", scope: "turn:0", content: "First" },
      { kind: "compaction", strategy: "sliding_window" },
      { kind: "command", scope: "command:0", tool: "refund", arguments: { orderId: "A" } },
      { kind: "clear" },
      { kind: "version", from: 2, to: 3, label: "staging" },
      { kind: "turn", scope: "turn:1", content: "Second" },
    ]);
    expect(r.turns).toBe(2);
    expect(r.startVersion).toBe(2);
    expect(r.startModel).toBe("demo:demo");
    // In call order (the child's search was made after c1..c3 were called); c2 was refused before dispatch.
    expect(r.calls.get("turn:0")).toEqual([
      { toolName: "lookup", argumentsJson: '{"a":1,"b":2}', outcome: { ok: true, result: "found" } },
      { toolName: "ask", argumentsJson: '{"task":"x"}', outcome: { ok: true, result: "y" } },
      { toolName: "search", argumentsJson: '{"q":"y"}', outcome: { ok: true, result: { hits: 3 } } },
    ]);
    expect(r.calls.get("command:0")).toEqual([
      {
        toolName: "refund",
        argumentsJson: '{"orderId":"A"}',
        outcome: { ok: false, error: { type: "ApprovalDenied", message: "Denied by ops: no." } },
      },
    ]);
    // A call with no answer in the log is not a record.
    expect(r.calls.has("turn:1")).toBe(false);
  });

  it("keeps the message of a recorded error so the model reads the same line", () => {
    expect(
      recordedOutcome(
        { type: "error-text", value: "ToolExecutionError: boom" },
        { success: false, errorType: "ToolExecutionError" },
      ),
    ).toEqual({ ok: false, error: { type: "ToolExecutionError", message: "boom" } });
    expect(recordedOutcome({ type: "execution-denied", reason: "no" }, { success: false })).toEqual({
      ok: false,
      error: { type: "ToolExecutionError", message: "no" },
    });
  });
});

describe("ReplaySession", () => {
  const record = replayRecord([
    started("t1", "turn"),
    user("t1", "Go"),
    call("t1", "c1", "lookup", '{"id":1}'),
    call("t1", "c2", "lookup", '{"id":2}'),
    ...answer("t1", "c1", "lookup", { type: "text", value: "one" }),
    ...answer("t1", "c2", "lookup", { type: "text", value: "two" }),
  ]);

  it("matches the k-th call of a tool in the scope with equal arguments, whatever their key order", () => {
    const s = new ReplaySession(record, "recorded");
    s.enter("turn:0");
    expect(s.answer(tool("lookup"), { id: 1 }, "auto")).toMatchObject({
      kind: "recorded",
      result: { outcome: { ok: true, result: "one" }, replayed: true },
    });
    expect(s.answer(tool("lookup"), { id: 1 }, "auto")).toMatchObject({ kind: "refused" });
    // A new scope starts counting again.
    s.enter("turn:0");
    expect(s.answer(tool("lookup"), { id: 2 }, "auto").kind).toBe("refused");
    expect(s.answer(tool("lookup"), { id: 2 }, "auto").kind).toBe("recorded");
    s.enter("turn:1");
    expect(s.answer(tool("lookup"), { id: 1 }, "auto").kind).toBe("refused");
  });

  it("runs an unmatched call live only when pure, ungated and live-pure", () => {
    const live = new ReplaySession(record, "live-pure");
    live.enter("turn:0");
    expect(live.answer(tool("other"), {}, "auto").kind).toBe("live");
    expect(live.answer(tool("write", { sideEffecting: true }), {}, "auto").kind).toBe("refused");
    expect(live.answer(tool("gated", { requiresApproval: true }), {}, "auto").kind).toBe("refused");
    expect(live.answer(tool("other"), {}, "manual").kind).toBe("refused");
    const refused = live.answer(tool("write", { sideEffecting: true }), {}, "auto");
    expect(refused).toMatchObject({ result: { outcome: { ok: false, error: { type: "ReplayRefused" } } } });
    expect(live.stats).toEqual({ recorded: 0, live: 1, refused: 4 });
  });
});
