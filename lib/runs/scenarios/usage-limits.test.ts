/**
 * The run tier of the usage limits: every limit breaches with its exact message, calls the model made
 * that will never run are healed with the budget instruction, and the recovery policy decides what
 * follows — `raise` surfaces the breach, `conclude` finishes the run at its limit and runs one
 * tool-free conclusion whose answer ends the turn (or which fails with the original breach).
 */
import { describe, expect, it } from "vitest";
import type { RunLimits } from "../../agents/usage-limits.shared";
import { DEFAULT_CONCLUSION_REASON } from "../../agents/limit-recovery.shared";
import type { StoredEvent } from "../../events/event-types";
import { BUDGET_SPENT_INSTRUCTION } from "../engine/stages/healing";
import {
  createHarness,
  eventsOfType,
  mockModel,
  sandboxStub,
  savedTool,
  toolSource,
  turn,
  type MockStep,
} from "../testing/run-harness";

const LOOKUP = savedTool(toolSource("lookup", "{ sideEffecting: false }", "q: string", "  return q;"));

function labels(events: StoredEvent[]): string[] {
  return events.map((e) => (e.type === "LlmMessageEvent" ? `LlmMessageEvent:${e.data.role}` : e.type));
}

function setup(options: {
  runLimits: Partial<RunLimits>;
  limitRecovery?: { policy: "conclude" | "raise"; reason?: string | null };
  steps: MockStep[];
}) {
  const model = mockModel(options.steps);
  const h = createHarness({ models: model });
  const stub = sandboxStub({ lookup: (args) => `found ${String(args.q)}` });
  h.deps.invokeSandbox = stub.invoke;
  h.agents.define(
    {
      name: "budgeted",
      model: { provider: "demo", model: "budgeted" },
      runLimits: options.runLimits,
      limitRecovery: options.limitRecovery ?? { policy: "raise" },
    },
    [LOOKUP],
  );
  return { h, model, stub };
}

const twoCalls = (usage?: MockStep["usage"]): MockStep => ({
  toolCalls: [
    { toolName: "lookup", args: { q: "a" } },
    { toolName: "lookup", args: { q: "b" } },
  ],
  usage,
});

/** Each limit, a model that crosses it, and the exact message of the breach. */
const BREACHES: Array<{
  limit: keyof RunLimits;
  runLimits: Partial<RunLimits>;
  steps: MockStep[];
  message: string;
  used: number;
  max: number;
  /** Calls of the last step left without a result. */
  dangling: number;
}> = [
  {
    limit: "requestLimit",
    runLimits: { requestLimit: 1 },
    steps: [{ toolCalls: [{ toolName: "lookup", args: { q: "a" } }] }, { text: "never asked" }],
    message: "The next request would exceed the requestLimit of 1 (requests=1)",
    used: 1,
    max: 1,
    dangling: 0,
  },
  {
    limit: "toolCallsLimit",
    runLimits: { toolCallsLimit: 1 },
    steps: [twoCalls(), { text: "never asked" }],
    message: "The next tool call(s) would exceed the toolCallsLimit of 1 (toolCalls=2)",
    used: 2,
    max: 1,
    dangling: 2,
  },
  {
    limit: "inputTokensLimit",
    runLimits: { inputTokensLimit: 50 },
    steps: [twoCalls({ input: 60, output: 5 }), { text: "never asked" }],
    message: "Exceeded the inputTokensLimit of 50 (inputTokens=60)",
    used: 60,
    max: 50,
    dangling: 2,
  },
  {
    limit: "outputTokensLimit",
    runLimits: { outputTokensLimit: 5 },
    steps: [twoCalls({ input: 10, output: 8 }), { text: "never asked" }],
    message: "Exceeded the outputTokensLimit of 5 (outputTokens=8)",
    used: 8,
    max: 5,
    dangling: 2,
  },
  {
    limit: "totalTokensLimit",
    runLimits: { totalTokensLimit: 60 },
    steps: [twoCalls({ input: 55, output: 10 }), { text: "never asked" }],
    message: "Exceeded the totalTokensLimit of 60 (totalTokens=65)",
    used: 65,
    max: 60,
    dangling: 2,
  },
];

describe("run-tier limits under limitRecovery raise", () => {
  it.each(BREACHES)(
    "$limit breaches with its exact message and the run finishes failed/usage_limit with RunUsageLimitError",
    async ({ limit, runLimits, steps, message, used, max, dangling }) => {
      const { h, stub } = setup({ runLimits, steps });
      const result = await turn(h.deps, "c", "budgeted", "look things up");
      expect(result.runs).toHaveLength(1);
      const finished = eventsOfType(h.store, "c", "RunFinished");
      expect(finished).toHaveLength(1);
      expect(finished[0].data).toMatchObject({
        status: "failed",
        stopReason: "usage_limit",
        error: { type: "RunUsageLimitError", message, limit, used, max },
      });
      expect(h.store.runs.get(result.final.runId)).toMatchObject({
        status: "failed",
        stopReason: "usage_limit",
        error: { type: "RunUsageLimitError", message },
      });
      // Calls healed after a breach never ran.
      expect(stub.calls).toHaveLength(limit === "requestLimit" ? 1 : 0);
      const healed = eventsOfType(h.store, "c", "ToolReturnEvent").filter(
        (e) => e.data.errorType === "RunUsageLimitError",
      );
      expect(healed).toHaveLength(dangling);
    },
  );

  it("heals the breached step's dangling calls with the budget instruction before RunFinished", async () => {
    const { h } = setup({ runLimits: { toolCallsLimit: 1 }, steps: [twoCalls(), { text: "never asked" }] });
    await turn(h.deps, "c", "budgeted", "look two things up");
    const events = h.store.eventsOf("c");
    expect(labels(events)).toEqual([
      "RunStarted",
      "LlmMessageEvent:user",
      "LlmMessageEvent:assistant",
      "ToolCallEvent",
      "ToolCallEvent",
      "LlmUsageEvent",
      "LlmMessageEvent:tool",
      "ToolReturnEvent",
      "ToolReturnEvent",
      "RunFinished",
    ]);
    const calls = eventsOfType(h.store, "c", "ToolCallEvent").map((e) => e.data.toolCallId);
    const healing = events[6];
    if (healing.type !== "LlmMessageEvent") throw new Error("expected the healing message");
    expect(healing.data.parts).toEqual(
      calls.map((id) => ({
        type: "tool-result",
        toolCallId: id,
        toolName: "lookup",
        output: { type: "error-text", value: BUDGET_SPENT_INSTRUCTION },
      })),
    );
    expect(eventsOfType(h.store, "c", "ToolReturnEvent").map((e) => e.data)).toEqual(
      calls.map((id) => ({
        toolName: "lookup",
        toolCallId: id,
        success: false,
        durationMs: 0,
        errorType: "RunUsageLimitError",
      })),
    );
  });
});

describe("run-tier limits under limitRecovery conclude", () => {
  it("finishes the breached run completed/usage_limit, then a tool-free conclusion run prompted with the default reason whose answer ends the turn", async () => {
    const { h, model } = setup({
      runLimits: { toolCallsLimit: 1 },
      limitRecovery: { policy: "conclude" },
      steps: [twoCalls(), { text: "With what I have: nothing was looked up yet." }],
    });
    const result = await turn(h.deps, "c", "budgeted", "look two things up");
    const [breached, conclusion] = result.runs;
    expect(result.runs).toHaveLength(2);
    expect(result.final).toBe(conclusion);
    expect(breached).toMatchObject({ status: "completed", stopReason: "usage_limit", error: null });
    expect(conclusion).toMatchObject({
      status: "completed",
      stopReason: "end_turn",
      text: "With what I have: nothing was looked up yet.",
    });

    const runs = h.store.runList({ conversationId: "c" });
    expect(runs.map((r) => [r.kind, r.parentRunId, r.status, r.stopReason])).toEqual([
      ["turn", null, "completed", "usage_limit"],
      ["conclusion", breached.runId, "completed", "end_turn"],
    ]);
    const started = eventsOfType(h.store, "c", "RunStarted").map((e) => [e.runId, e.data.kind, e.data.parentRunId]);
    expect(started).toEqual([
      [breached.runId, "turn", null],
      [conclusion.runId, "conclusion", breached.runId],
    ]);
    const finished = eventsOfType(h.store, "c", "RunFinished").map((e) => e.data);
    expect(finished[0]).toMatchObject({ status: "completed", stopReason: "usage_limit" });
    expect(finished[0].error).toBeUndefined();
    expect(finished[1]).toMatchObject({ status: "completed", stopReason: "end_turn", usage: { requests: 1 } });

    // The conclusion's request: no tools, the healed context, then the reason as the user's message.
    const request = model.doStreamCalls[1];
    expect(request.tools).toBeUndefined();
    expect(request.toolChoice).toBeUndefined();
    expect(request.prompt.at(-2)).toMatchObject({
      role: "tool",
      content: [
        { output: { type: "error-text", value: BUDGET_SPENT_INSTRUCTION } },
        { output: { type: "error-text", value: BUDGET_SPENT_INSTRUCTION } },
      ],
    });
    expect(request.prompt.at(-1)).toEqual({
      role: "user",
      content: [{ type: "text", text: DEFAULT_CONCLUSION_REASON }],
    });
    expect(model.doStreamCalls).toHaveLength(2);
  });

  it("prompts the conclusion with the agent's custom reason", async () => {
    const { h, model } = setup({
      runLimits: { totalTokensLimit: 10 },
      limitRecovery: { policy: "conclude", reason: "Stop here and summarise what you found." },
      steps: [twoCalls({ input: 20, output: 5 }), { text: "Summary: nothing found yet." }],
    });
    const result = await turn(h.deps, "c", "budgeted", "look two things up");
    expect(result.final).toMatchObject({ status: "completed", text: "Summary: nothing found yet." });
    expect(model.doStreamCalls[1].prompt.at(-1)).toEqual({
      role: "user",
      content: [{ type: "text", text: "Stop here and summarise what you found." }],
    });
  });

  it("gives the conclusion one request: a conclusion that calls a tool fails with the original breach", async () => {
    const { h, model, stub } = setup({
      runLimits: { toolCallsLimit: 1 },
      limitRecovery: { policy: "conclude" },
      steps: [twoCalls(), { toolCalls: [{ toolName: "lookup", args: { q: "c" } }] }, { text: "never asked" }],
    });
    const result = await turn(h.deps, "c", "budgeted", "look two things up");
    expect(model.doStreamCalls).toHaveLength(2);
    expect(stub.calls).toHaveLength(0);
    const original = "The next tool call(s) would exceed the toolCallsLimit of 1 (toolCalls=2)";
    expect(result.final).toMatchObject({ status: "failed", stopReason: "usage_limit" });
    expect(eventsOfType(h.store, "c", "RunFinished")[1].data).toMatchObject({
      status: "failed",
      stopReason: "usage_limit",
      error: {
        type: "RunUsageLimitError",
        message: original,
        limit: "toolCallsLimit",
        cause: {
          type: "RunUsageLimitError",
          message: "The next request would exceed the requestLimit of 1 (requests=1)",
        },
      },
    });
    // The tool it asked for was unknown to it (it has none) and was never executed.
    const returns = eventsOfType(h.store, "c", "ToolReturnEvent").filter((e) => e.runId === result.final.runId);
    expect(returns.map((e) => e.data.errorType)).toEqual(["ToolArgumentError"]);
  });

  it("finishes a blank conclusion failed with the original breach", async () => {
    const h = createHarness();
    h.deps.invokeSandbox = sandboxStub({ lookup: () => "x" }).invoke;
    h.agents.define(
      {
        name: "blank",
        model: {
          provider: "scripted",
          model: "s",
          script: [
            {
              toolCalls: [
                { toolName: "lookup", args: { q: "a" } },
                { toolName: "lookup", args: { q: "b" } },
              ],
            },
            { text: "" },
          ],
        },
        runLimits: { toolCallsLimit: 1 },
        limitRecovery: { policy: "conclude" },
      },
      [LOOKUP],
    );
    const result = await turn(h.deps, "c", "blank", "look two things up");
    expect(result.runs.map((r) => r.status)).toEqual(["completed", "failed"]);
    const finished = eventsOfType(h.store, "c", "RunFinished").map((e) => e.data);
    expect(finished[1]).toMatchObject({
      status: "failed",
      stopReason: "usage_limit",
      error: {
        type: "RunUsageLimitError",
        message: "The next tool call(s) would exceed the toolCallsLimit of 1 (toolCalls=2)",
        cause: { type: "BlankConclusion" },
      },
    });
    expect(h.store.runs.get(result.final.runId)).toMatchObject({
      kind: "conclusion",
      status: "failed",
      error: { type: "RunUsageLimitError" },
    });
  });

  it("finishes a failing conclusion failed with the original breach, not its own failure", async () => {
    const { h } = setup({
      runLimits: { outputTokensLimit: 3 },
      limitRecovery: { policy: "conclude" },
      steps: [twoCalls({ input: 10, output: 4 }), { error: new Error("the provider is down") }],
    });
    const result = await turn(h.deps, "c", "budgeted", "look two things up");
    expect(result.final.status).toBe("failed");
    expect(eventsOfType(h.store, "c", "RunFinished")[1].data).toMatchObject({
      status: "failed",
      stopReason: "usage_limit",
      error: {
        type: "RunUsageLimitError",
        message: "Exceeded the outputTokensLimit of 3 (outputTokens=4)",
        limit: "outputTokensLimit",
        cause: { type: "Error", message: "the provider is down" },
      },
    });
  });
});

describe("limit recovery when the lifetime budget cannot be read", () => {
  it("fails the run with the read's error instead of quietly skipping the conclusion", async () => {
    const { h } = setup({
      runLimits: { toolCallsLimit: 1 },
      limitRecovery: { policy: "conclude" },
      steps: [twoCalls(), { text: "never asked" }],
    });
    h.agents.define(
      {
        name: "budgeted",
        model: { provider: "demo", model: "budgeted" },
        runLimits: { toolCallsLimit: 1 },
        agentLimits: { agentRequestLimit: 100 },
        limitRecovery: { policy: "conclude" },
      },
      [LOOKUP],
    );
    const read = h.store.agentLifetimeUsage.bind(h.store);
    let reads = 0;
    // The first read (before the turn) works; the one asked after the breach fails.
    h.store.agentLifetimeUsage = async (agentId) => {
      if (++reads > 1) throw new Error("database is unreachable");
      return read(agentId);
    };
    const result = await turn(h.deps, "c", "budgeted", "look two things up");
    expect(result.runs).toHaveLength(1);
    expect(result.final).toMatchObject({
      status: "failed",
      stopReason: "error",
      error: { type: "Error", message: "database is unreachable" },
    });
  });
});
