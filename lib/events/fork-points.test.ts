import { describe, expect, it } from "vitest";
import type { FinishedRunStatus, RunKind, StoredEvent } from "./event-types";
import { forkPoints, nearestForkPoints } from "./fork-points.shared";

const at = "2026-12-01T00:00:00.000Z";
const usage = { requests: 1, toolCalls: 0, inputTokens: 1, outputTokens: 1, totalTokens: 2 };

/** A log written step by step: each helper appends one event with the next seq. */
function log() {
  const events: StoredEvent[] = [];
  const push = (e: Omit<StoredEvent, "seq" | "createdAt">) =>
    events.push({ ...e, seq: events.length + 1, createdAt: at } as StoredEvent);
  const api = {
    events,
    start(runId: string, kind: RunKind = "turn", parentRunId: string | null = null) {
      push({ runId, type: "RunStarted", data: { kind, parentRunId, agentId: "a", model: "demo:demo" } });
      return api;
    },
    message(runId: string | null, role: "user" | "assistant" = "user") {
      push({ runId, type: "LlmMessageEvent", data: { role, parts: [{ type: "text", text: "x" }] } });
      return api;
    },
    finish(runId: string, status: FinishedRunStatus = "completed", stopReason: string = "end_turn") {
      push({ runId, type: "RunFinished", data: { status, stopReason, usage, costNanoUsd: 0 } } as never);
      return api;
    },
    usage(runId: string | null) {
      push({
        runId,
        type: "LlmUsageEvent",
        data: {
          provider: "demo",
          model: "demo",
          requestedModel: "demo",
          inputTokens: 1,
          outputTokens: 1,
          cacheReadTokens: 0,
          cacheWriteTokens: 0,
          totalTokens: 2,
          costNanoUsd: 0,
          priced: true,
        },
      });
      return api;
    },
    compacted(runId: string | null) {
      push({
        runId,
        type: "LlmContextCompactedEvent",
        data: {
          strategyId: "summarize",
          summary: "s",
          replacedMessageCount: 2,
          summarizerPromptVersion: null,
          tokensBefore: 10,
          tokensAfter: 2,
        },
      });
      return api;
    },
    switched() {
      push({ runId: null, type: "ModelSwitched", data: { from: "demo:demo", to: "scripted:x" } });
      return api;
    },
  };
  return api;
}

describe("fork points", () => {
  it("are 0 and the end of each finished top-level turn, whatever its final status", () => {
    const l = log()
      .start("r1")
      .message("r1")
      .message("r1", "assistant")
      .finish("r1") // 4
      .start("r2")
      .message("r2")
      .finish("r2", "failed", "error") // 7
      .start("r3")
      .finish("r3", "interrupted", "interrupted"); // 9
    expect(forkPoints(l.events)).toEqual([0, 4, 7, 9]);
  });

  it("are never inside a run, nor inside a child run, nor after a child's RunFinished", () => {
    const l = log()
      .start("r1")
      .message("r1")
      .start("c1", "child", "r1") // 3
      .message("c1")
      .finish("c1") // 5
      .message("r1", "assistant")
      .finish("r1"); // 7
    expect(forkPoints(l.events)).toEqual([0, 7]);
  });

  it("are not inside a run suspended for approval, however long it waits, nor between turns while it does", () => {
    const l = log()
      .start("r1")
      .finish("r1", "suspended", "awaiting_approval") // 2
      .switched() // 3: a switch while a run waits
      .message("r1", "assistant")
      .finish("r1"); // 5
    expect(forkPoints(l.events)).toEqual([0, 5]);
  });

  it("skip a turn concluded by a conclusion run: the point is after the conclusion", () => {
    const l = log()
      .start("r1")
      .finish("r1", "completed", "usage_limit") // 2
      .compacted("k1") // 3: the conclusion's automatic compaction, recorded under its id
      .start("k1", "conclusion", "r1")
      .message("k1", "assistant")
      .finish("k1"); // 6
    expect(forkPoints(l.events)).toEqual([0, 6]);
  });

  it("include a command run and events between turns, not an automatic compaction before its run starts", () => {
    const l = log()
      .start("r1", "command")
      .finish("r1") // 2
      .switched() // 3
      .usage("r2") // 4: an automatic compaction's summarizer, under the run about to start
      .compacted("r2") // 5
      .start("r2")
      .finish("r2"); // 7
    expect(forkPoints(l.events)).toEqual([0, 2, 3, 7]);
  });

  it("take a manual compaction as one step: after its event, not between its usage and it", () => {
    const l = log()
      .start("r1")
      .finish("r1") // 2
      .usage(null) // 3
      .compacted(null); // 4
    expect(forkPoints(l.events)).toEqual([0, 2, 4]);
  });
});

describe("nearest fork points", () => {
  it("are up to three on each side, ascending, the asked seq left out", () => {
    const points = [0, 2, 4, 6, 8, 10, 12, 14];
    expect(nearestForkPoints(points, 7)).toEqual([2, 4, 6, 8, 10, 12]);
    expect(nearestForkPoints(points, 1)).toEqual([0, 2, 4, 6]);
    expect(nearestForkPoints(points, 99)).toEqual([10, 12, 14]);
  });
});
