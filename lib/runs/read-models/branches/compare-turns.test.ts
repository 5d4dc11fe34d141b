import { describe, expect, it } from "vitest";
import type { EventData, EventType, StoredEvent } from "../../../events/event-types";
import type { CompareSide } from "./branch-views.shared";
import { alignTurns, foldTurns as foldWithCounts, sameTurn, totalsOf, type FoldedTurn } from "./compare-turns";

const foldTurns = (events: StoredEvent[]) => foldWithCounts(events).map((t) => t.side);

/** A log builder: events get seq 1, 2, 3… and a createdAt one second apart. */
function log() {
  const events: StoredEvent[] = [];
  const at = (seq: number) => new Date(Date.UTC(2026, 11, 2, 3, 0, seq)).toISOString();
  const add = <T extends EventType>(runId: string | null, type: T, data: EventData[T]) => {
    const seq = events.length + 1;
    events.push({ seq, runId, type, createdAt: at(seq), data } as StoredEvent);
    return api;
  };
  const started = (runId: string, kind: EventData["RunStarted"]["kind"], parentRunId: string | null = null) =>
    add(runId, "RunStarted", { kind, parentRunId, agentId: "a", model: "demo:demo" });
  const api = {
    events,
    add,
    turn(runId: string, text: string) {
      return started(runId, "turn").add(runId, "LlmMessageEvent", { role: "user", parts: [{ type: "text", text }] });
    },
    started,
    say(runId: string, text: string) {
      return add(runId, "LlmMessageEvent", { role: "assistant", parts: [{ type: "text", text }] });
    },
    call(
      runId: string,
      id: string,
      toolName: string,
      args: unknown,
      result: unknown,
      extra: { replayed?: boolean; success?: boolean } = {},
    ) {
      return add(runId, "LlmMessageEvent", {
        role: "assistant",
        parts: [{ type: "tool-call", toolCallId: id, toolName, input: args }],
      })
        .add(runId, "ToolCallEvent", { toolName, toolCallId: id, arguments: JSON.stringify(args) })
        .add(runId, "LlmMessageEvent", {
          role: "tool",
          parts: [
            {
              type: "tool-result",
              toolCallId: id,
              toolName,
              output:
                extra.success === false
                  ? { type: "error-text", value: String(result) }
                  : { type: "json", value: result as never },
            },
          ],
        })
        .add(runId, "ToolReturnEvent", {
          toolName,
          toolCallId: id,
          success: extra.success ?? true,
          durationMs: 1,
          ...(extra.replayed !== undefined ? { replayed: extra.replayed } : {}),
        });
    },
    usage(runId: string, totalTokens: number, costNanoUsd: number, priced = true) {
      return add(runId, "LlmUsageEvent", {
        provider: "openai",
        model: "gpt-4o",
        requestedModel: "openai:gpt-4o",
        inputTokens: totalTokens - 1,
        outputTokens: 1,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        totalTokens,
        costNanoUsd,
        priced,
      });
    },
    finish(runId: string, status: EventData["RunFinished"]["status"] = "completed") {
      return add(runId, "RunFinished", {
        status,
        stopReason: status === "suspended" ? "awaiting_approval" : "end_turn",
        usage: { requests: 1, toolCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
        costNanoUsd: 0,
      });
    },
  };
  return api;
}

describe("foldTurns", () => {
  it("folds a turn: its message, final answer, calls with results, usage and latency", () => {
    const l = log()
      .turn("r1", "weather in Paris?")
      .call("r1", "c1", "weather", { city: "Paris" }, { temp: 20 })
      .usage("r1", 100, 5_000)
      .say("r1", "It is 20 degrees.")
      .usage("r1", 50, 2_500)
      .finish("r1");
    const [turn, ...rest] = foldTurns(l.events);
    expect(rest).toEqual([]);
    expect(turn).toEqual({
      userMessage: "weather in Paris?",
      answer: "It is 20 degrees.",
      toolCalls: [
        { name: "weather", arguments: { city: "Paris" }, result: { temp: 20 }, isError: false, replayed: false },
      ],
      tokens: 150,
      costNanoUsd: 7_500,
      pricing: "all",
      latencyMs: 9_000, // RunStarted at second 1, RunFinished at second 10
    });
  });

  it("folds the conclusion run and child runs into their turn; the conclusion's text is the answer", () => {
    const l = log()
      .turn("r1", "hi")
      .add("r1", "LlmMessageEvent", {
        role: "assistant",
        parts: [{ type: "tool-call", toolCallId: "c1", toolName: "helper", input: {} }],
      })
      .add("r1", "ToolCallEvent", { toolName: "helper", toolCallId: "c1", arguments: "{}" })
      .started("k1", "child", "r1")
      .add("k1", "LlmMessageEvent", { role: "user", parts: [{ type: "text", text: "task for the child" }] })
      .call("k1", "c2", "lookup", { q: 1 }, "found")
      .say("k1", "child answer")
      .usage("k1", 10, 1)
      .finish("k1")
      .add("r1", "LlmMessageEvent", {
        role: "tool",
        parts: [
          {
            type: "tool-result",
            toolCallId: "c1",
            toolName: "helper",
            output: { type: "text", value: "child answer" },
          },
        ],
      })
      .add("r1", "ToolReturnEvent", {
        toolName: "helper",
        toolCallId: "c1",
        success: true,
        durationMs: 1,
        childRunId: "k1",
      })
      .usage("r1", 20, 2)
      .finish("r1")
      .started("x1", "conclusion", "r1")
      .say("x1", "concluded")
      .usage("x1", 30, 0, false)
      .finish("x1")
      .turn("r2", "second");
    const turns = foldTurns(l.events);
    expect(turns).toHaveLength(2);
    expect(turns[0]!.userMessage).toBe("hi");
    expect(turns[0]!.answer).toBe("concluded");
    expect(turns[0]!.toolCalls.map((c) => [c.name, c.result])).toEqual([
      ["helper", "child answer"],
      ["lookup", "found"],
    ]);
    expect(turns[0]!.tokens).toBe(60);
    expect(turns[0]!.costNanoUsd).toBe(3);
    expect(turns[0]!.pricing).toBe("some");
    expect(turns[1]).toMatchObject({ userMessage: "second", answer: null, latencyMs: null });
  });

  it("shows a command as /<tool> <json args>, with no answer", () => {
    const l = log().started("c", "command").call("c", "command_c", "reset", { hard: true }, "ok").finish("c");
    expect(foldTurns(l.events)).toEqual([
      expect.objectContaining({ userMessage: '/reset {"hard":true}', answer: null, tokens: 0, costNanoUsd: 0 }),
    ]);
  });

  it("marks failed and replayed calls; a suspended turn has no latency until it finishes again", () => {
    const l = log()
      .turn("r1", "go")
      .call("r1", "c1", "pay", { n: 1 }, "declined", { success: false })
      .call("r1", "c2", "look", {}, 1, { replayed: true })
      .finish("r1", "suspended");
    const [open] = foldTurns(l.events);
    expect(open!.toolCalls.map((c) => [c.isError, c.replayed])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(open!.latencyMs).toBeNull();
    l.say("r1", "done").finish("r1");
    expect(foldTurns(l.events)[0]!.latencyMs).toBe((l.events.length - 1) * 1000);
  });

  it("ignores events between turns and folds by seq, each seq once", () => {
    const l = log().add(null, "ModelSwitched", { from: "a:b", to: "c:d" }).turn("r1", "a").say("r1", "b").finish("r1");
    const shuffled = [...l.events].reverse().concat(l.events[2]!);
    expect(foldTurns(shuffled)).toEqual(foldTurns(l.events));
    expect(foldTurns(l.events)).toHaveLength(1);
  });

  it("keeps the raw arguments text when it is not JSON", () => {
    const l = log()
      .turn("r1", "a")
      .add("r1", "ToolCallEvent", { toolName: "t", toolCallId: "c", arguments: "{not json" })
      .finish("r1");
    expect(foldTurns(l.events)[0]!.toolCalls[0]!.arguments).toBe("{not json");
  });
});

describe("alignTurns", () => {
  const side = (answer: string | null, args: unknown = { a: 1, b: 2 }): CompareSide => ({
    userMessage: "q",
    answer,
    toolCalls: [{ name: "t", arguments: args, result: null, isError: false, replayed: false }],
    tokens: 10,
    costNanoUsd: 100,
    pricing: "all",
    latencyMs: 5,
  });
  const folded = (s: CompareSide, unpricedRequests = 0): FoldedTurn => ({
    side: s,
    requests: 1,
    unpricedRequests,
  });

  it("is identical when answers and calls match (arguments compared as canonical JSON)", () => {
    const { divergedAtTurn, turns } = alignTurns([folded(side("x"))], [folded(side("x", { b: 2, a: 1 }))]);
    expect(divergedAtTurn).toBeNull();
    expect(turns).toHaveLength(1);
    expect(turns[0]!.identical).toBe(true);
  });

  it("diverges at the first differing answer or call", () => {
    const diverged = alignTurns([folded(side("x")), folded(side("y"))], [folded(side("x")), folded(side("z"))]);
    expect(diverged.divergedAtTurn).toBe(1);
    expect(diverged.turns.map((t) => t.identical)).toEqual([true, false]);
    expect(alignTurns([folded(side("x"))], [folded(side("x", { a: 2, b: 2 }))]).divergedAtTurn).toBe(0);
    expect(sameTurn(side("x"), { ...side("x"), toolCalls: [] })).toBe(false);
  });

  it("pairs the longer side's extra turns with null and diverges there", () => {
    const { turns, divergedAtTurn } = alignTurns([folded(side("x"))], [folded(side("x")), folded(side("y"))]);
    expect(divergedAtTurn).toBe(1);
    expect(turns[1]).toEqual({ index: 1, left: null, right: side("y"), identical: false });
  });

  it("totals each side; the cost covers some requests when one was unpriced", () => {
    expect(totalsOf([folded(side("x")), folded({ ...side("y"), latencyMs: null }, 1)])).toEqual({
      turns: 2,
      tokens: 20,
      costNanoUsd: 200,
      pricing: "some",
      latencyMs: 5,
    });
    expect(totalsOf([]).pricing).toBe("all");
  });
});
