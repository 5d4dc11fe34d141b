/**
 * Event sourcing, as named scenarios: the order in which one run's events are appended, the system
 * prompt recorded only when its rendering changed, contiguous numbering across turns, parallel calls
 * of one step, and the ToolStateEvents of a sandboxed tool's `ctx.emit`.
 */
import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../events/event-types";
import { startSandboxTestbed } from "../../sandbox/testing/sandbox-testbed";
import {
  createHarness,
  eventsOfType,
  eventTypes,
  mockModel,
  realSandbox,
  sandboxStub,
  savedTool,
  toolSource,
  turn,
} from "../testing/run-harness";

/** Each event as `Type` or `LlmMessageEvent:role`. */
function labels(events: StoredEvent[]): string[] {
  return events.map((e) => (e.type === "LlmMessageEvent" ? `LlmMessageEvent:${e.data.role}` : e.type));
}

const LOOKUP = savedTool(toolSource("lookup", "{ sideEffecting: false }", "q: string", "  return q;"));
const BROKEN = savedTool(toolSource("broken", "{ sideEffecting: false }", "", "  return 1;"));

describe("event order", () => {
  it("appends RunStarted, system prompt, user, assistant, calls, usage, tool message, returns, …, RunFinished in that order, and numbers every event 1..n across turns", async () => {
    const h = createHarness();
    const stub = sandboxStub({
      lookup: async (args) => {
        await new Promise((r) => setTimeout(r, 5));
        h.clock.advance(25);
        return `found ${String(args.q)}`;
      },
      broken: () => {
        throw new Error("the backend is down");
      },
    });
    h.deps.invokeSandbox = stub.invoke;
    h.agents.define(
      {
        name: "orderly",
        prompt: { template: "You are {who}.", params: { who: "a careful assistant" } },
        model: {
          provider: "scripted",
          model: "s",
          script: [
            {
              toolCalls: [
                { toolName: "lookup", args: { q: "paris" } },
                { toolName: "broken", args: {} },
              ],
            },
            { text: "Paris has about two million people." },
            { text: "Second answer." },
            { text: "Third answer." },
          ],
        },
      },
      [LOOKUP, BROKEN],
    );

    const first = await turn(h.deps, "c1", "orderly", "How many people live in Paris?");
    expect(first.final.status).toBe("completed");
    const runId = first.final.runId;
    const events = h.store.eventsOf("c1");
    expect(labels(events)).toEqual([
      "RunStarted",
      "LlmSystemPromptEvent",
      "LlmMessageEvent:user",
      "LlmMessageEvent:assistant",
      "ToolCallEvent",
      "ToolCallEvent",
      "LlmUsageEvent",
      "LlmMessageEvent:tool",
      "ToolReturnEvent",
      "ToolReturnEvent",
      "LlmMessageEvent:assistant",
      "LlmUsageEvent",
      "RunFinished",
    ]);
    expect(events.every((e) => e.runId === runId)).toBe(true);
    expect(events[0].data).toMatchObject({ kind: "turn", parentRunId: null, agentId: "orderly", model: "scripted:s" });
    expect(events[1].data).toMatchObject({ parts: [{ dynamicRef: null, content: "You are a careful assistant." }] });

    // The step's two calls, in the model's order, with their raw argument JSON.
    const calls = eventsOfType(h.store, "c1", "ToolCallEvent").map((e) => e.data);
    expect(calls.map((c) => [c.toolName, c.arguments])).toEqual([
      ["lookup", '{"q":"paris"}'],
      ["broken", "{}"],
    ]);
    // Returns in the same order: the duration the clock saw, and the failure's type.
    const returns = eventsOfType(h.store, "c1", "ToolReturnEvent").map((e) => e.data);
    expect(returns).toEqual([
      { toolName: "lookup", toolCallId: calls[0].toolCallId, success: true, durationMs: 25 },
      {
        toolName: "broken",
        toolCallId: calls[1].toolCallId,
        success: false,
        durationMs: 0,
        errorType: "ToolExecutionError",
      },
    ]);
    // The tool message answers both calls in one message.
    const toolMessage = events[7];
    expect(toolMessage.type === "LlmMessageEvent" && toolMessage.data.parts.map((p) => p.type)).toEqual([
      "tool-result",
      "tool-result",
    ]);
    expect(events.at(-1)!.data).toMatchObject({
      status: "completed",
      stopReason: "end_turn",
      usage: { requests: 2, toolCalls: 2 },
    });

    // A second turn with the same prompt records no system prompt; numbering continues.
    await turn(h.deps, "c1", "orderly", "Thanks. And again?");
    const second = h.store.eventsOf("c1").slice(events.length);
    expect(labels(second)).toEqual([
      "RunStarted",
      "LlmMessageEvent:user",
      "LlmMessageEvent:assistant",
      "LlmUsageEvent",
      "RunFinished",
    ]);

    // A changed template is recorded again, on the next run.
    const record = await h.agents.load("orderly");
    h.agents.define(
      {
        name: "orderly",
        prompt: { template: "You are {who}. Be brief.", params: { who: "a careful assistant" } },
        model: record.config.model,
      },
      record.tools,
    );
    await turn(h.deps, "c1", "orderly", "Once more.");
    const third = h.store.eventsOf("c1").slice(events.length + second.length);
    expect(labels(third)).toEqual([
      "RunStarted",
      "LlmSystemPromptEvent",
      "LlmMessageEvent:user",
      "LlmMessageEvent:assistant",
      "LlmUsageEvent",
      "RunFinished",
    ]);
    expect(third[1].data).toMatchObject({ parts: [{ content: "You are a careful assistant. Be brief." }] });
    const prompts = eventsOfType(h.store, "c1", "LlmSystemPromptEvent");
    expect(prompts[0].data.contentHash).not.toBe(prompts[1].data.contentHash);

    const all = h.store.eventsOf("c1");
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    expect(eventsOfType(h.store, "c1", "RunFinished")).toHaveLength(3);
  });

  it("answers every call of a parallel step in the model's order, after one assistant message and one usage report", async () => {
    const h = createHarness();
    // The first call finishes last: the order of the events is the model's, not the finishing order.
    const stub = sandboxStub({
      lookup: async (args) => {
        await new Promise((r) => setTimeout(r, args.q === "slow" ? 30 : 1));
        return String(args.q);
      },
    });
    h.deps.invokeSandbox = stub.invoke;
    h.agents.define(
      {
        name: "parallel",
        model: {
          provider: "scripted",
          model: "s",
          script: [
            {
              toolCalls: [
                { toolName: "lookup", args: { q: "slow" } },
                { toolName: "lookup", args: { q: "fast" } },
                { toolName: "lookup", args: { q: "faster" } },
              ],
            },
            { text: "done" },
          ],
        },
      },
      [LOOKUP],
    );
    await turn(h.deps, "c2", "parallel", "look three things up");
    const events = h.store.eventsOf("c2");
    expect(labels(events)).toEqual([
      "RunStarted",
      "LlmMessageEvent:user",
      "LlmMessageEvent:assistant",
      "ToolCallEvent",
      "ToolCallEvent",
      "ToolCallEvent",
      "LlmUsageEvent",
      "LlmMessageEvent:tool",
      "ToolReturnEvent",
      "ToolReturnEvent",
      "ToolReturnEvent",
      "LlmMessageEvent:assistant",
      "LlmUsageEvent",
      "RunFinished",
    ]);
    const callIds = eventsOfType(h.store, "c2", "ToolCallEvent").map((e) => e.data.toolCallId);
    expect(eventsOfType(h.store, "c2", "ToolReturnEvent").map((e) => e.data.toolCallId)).toEqual(callIds);
    const toolMessage = events[7];
    if (toolMessage.type !== "LlmMessageEvent") throw new Error("expected the tool message");
    expect(toolMessage.data.parts.map((p) => (p.type === "tool-result" ? [p.toolCallId, p.output] : null))).toEqual([
      [callIds[0], { type: "text", value: "slow" }],
      [callIds[1], { type: "text", value: "fast" }],
      [callIds[2], { type: "text", value: "faster" }],
    ]);
  });
});

describe("tool state events", () => {
  const testbed = startSandboxTestbed();
  const TRACKER = savedTool(
    toolSource(
      "tracker",
      "{ sideEffecting: false }",
      "step: string, ctx: RunContext",
      "  ctx.emit({ step, phase: 'begin' });\n  ctx.emit({ step, phase: 'end' });\n  return step;",
      "Record the beginning and the end of a named step as domain events.",
    ),
    "tool-tracker",
  );

  it("appends a sandboxed tool's ctx.emit payloads as ToolStateEvents after the returns, numbered per tool and conversation across calls", async () => {
    const h = createHarness({ invokeSandbox: realSandbox(() => testbed.pool) });
    h.agents.define(
      {
        name: "tracked",
        model: {
          provider: "scripted",
          model: "s",
          script: [
            { toolCalls: [{ toolName: "tracker", args: { step: "a" } }] },
            { toolCalls: [{ toolName: "tracker", args: { step: "b" } }] },
            { text: "both steps tracked" },
            { toolCalls: [{ toolName: "tracker", args: { step: "c" } }] },
            { text: "third step tracked" },
          ],
        },
      },
      [TRACKER],
    );

    await turn(h.deps, "c3", "tracked", "track a then b");
    const events = h.store.eventsOf("c3");
    expect(labels(events)).toEqual([
      "RunStarted",
      "LlmMessageEvent:user",
      "LlmMessageEvent:assistant",
      "ToolCallEvent",
      "LlmUsageEvent",
      "LlmMessageEvent:tool",
      "ToolReturnEvent",
      "ToolStateEvent",
      "ToolStateEvent",
      "LlmMessageEvent:assistant",
      "ToolCallEvent",
      "LlmUsageEvent",
      "LlmMessageEvent:tool",
      "ToolReturnEvent",
      "ToolStateEvent",
      "ToolStateEvent",
      "LlmMessageEvent:assistant",
      "LlmUsageEvent",
      "RunFinished",
    ]);
    const states = () => eventsOfType(h.store, "c3", "ToolStateEvent").map((e) => e.data);
    expect(states()).toEqual([
      { toolId: "tool-tracker", toolName: "tracker", toolSeq: 1, payload: { step: "a", phase: "begin" } },
      { toolId: "tool-tracker", toolName: "tracker", toolSeq: 2, payload: { step: "a", phase: "end" } },
      { toolId: "tool-tracker", toolName: "tracker", toolSeq: 3, payload: { step: "b", phase: "begin" } },
      { toolId: "tool-tracker", toolName: "tracker", toolSeq: 4, payload: { step: "b", phase: "end" } },
    ]);

    // The next turn of the conversation continues the tool's numbering…
    await turn(h.deps, "c3", "tracked", "and c");
    expect(
      states()
        .slice(4)
        .map((s) => [s.toolSeq, s.payload]),
    ).toEqual([
      [5, { step: "c", phase: "begin" }],
      [6, { step: "c", phase: "end" }],
    ]);
    // …while another conversation numbers its own from 1.
    await turn(h.deps, "c4", "tracked", "track a then b");
    expect(eventsOfType(h.store, "c4", "ToolStateEvent").map((e) => e.data.toolSeq)).toEqual([1, 2, 3, 4]);
  });
});

describe("durability barriers", () => {
  const NOTIFY = savedTool(
    toolSource(
      "notify",
      "{ sideEffecting: true }",
      "msg: string",
      "  return msg;",
      "Page the on-call engineer with a short message.",
    ),
  );
  const DEPLOY = savedTool(
    toolSource(
      "deploy",
      "{ sideEffecting: true, requiresApproval: true }",
      "version: string",
      "  return version;",
      "Deploy a version of the service to production.",
    ),
  );

  it("commits a step's calls before a side-effecting call runs, its events before approvals, and RunFinished before the run row finishes", async () => {
    const h = createHarness({
      commitDelayMs: 15,
      models: mockModel([
        {
          toolCalls: [
            { toolName: "lookup", args: { q: "status" } },
            { toolName: "notify", args: { msg: "deploying" } },
          ],
        },
        { toolCalls: [{ toolName: "deploy", args: { version: "1.2.0" } }] },
      ]),
    });
    const seen: Record<string, string[]> = {};
    const committedTypes = () => h.store.committed("c").map((e) => e.type);
    h.deps.invokeSandbox = sandboxStub({
      lookup: (args) => args.q,
      notify: (args) => {
        seen.notify = committedTypes();
        return args.msg;
      },
    }).invoke;
    const { createApproval, finishRun } = h.store;
    h.store.createApproval = (a) => {
      seen.approval = committedTypes();
      seen.appendedAtApproval = eventTypes(h.store, "c");
      return createApproval.call(h.store, a);
    };
    h.store.finishRun = (id, f) => {
      seen.finish = committedTypes();
      return finishRun.call(h.store, id, f);
    };
    h.agents.define({ name: "careful", model: { provider: "demo", model: "careful" } }, [LOOKUP, NOTIFY, DEPLOY]);
    const result = await turn(h.deps, "c", "careful", "check, page, deploy");
    expect(result.final.status).toBe("suspended");

    // The side effect ran only once both calls of its step were durable.
    expect(seen.notify.filter((t) => t === "ToolCallEvent")).toHaveLength(2);
    expect(seen.notify.at(-1)).toBe("LlmUsageEvent");
    // The approval was created once every event before it was durable.
    expect(seen.approval).toEqual(seen.appendedAtApproval);
    expect(seen.approval.filter((t) => t === "ToolCallEvent")).toHaveLength(3);
    // The run row finished after its RunFinished was committed.
    expect(seen.finish.at(-1)).toBe("RunFinished");
    expect(seen.finish).toEqual(eventTypes(h.store, "c"));
  });
});
