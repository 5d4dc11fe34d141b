/**
 * The agent tier of the usage limits (the lifetime budget): checked before every run, tokens first,
 * against totals recomputed from the store; a refusal appends nothing; every run that started
 * counts — failed ones and conclusion runs too — and a spent budget at the conclusion's pre-flight
 * lets the original breach surface.
 */
import { describe, expect, it } from "vitest";
import type { AgentLimits } from "../../agents/usage-limits.shared";
import { AgentUsageLimitError } from "../engine/run-errors";
import {
  createHarness,
  eventsOfType,
  mockModel,
  sandboxStub,
  savedTool,
  toolSource,
  turn,
  type Harness,
  type MockStep,
} from "../testing/run-harness";
import type { MemoryRunStore } from "../testing/memory-run-store";

const LOOKUP = savedTool(toolSource("lookup", "{ sideEffecting: false }", "q: string", "  return q;"));

const twoCalls = (usage?: MockStep["usage"]): MockStep => ({
  toolCalls: [
    { toolName: "lookup", args: { q: "a" } },
    { toolName: "lookup", args: { q: "b" } },
  ],
  ...(usage ? { usage } : {}),
});

function setup(agentLimits: Partial<AgentLimits>, steps: MockStep[], store?: MemoryRunStore): Harness {
  const h = createHarness({ models: mockModel(steps), store });
  h.deps.invokeSandbox = sandboxStub({ lookup: (args) => String(args.q) }).invoke;
  h.agents.define(
    {
      name: "spender",
      model: { provider: "demo", model: "spender" },
      agentLimits,
      runLimits: { toolCallsLimit: 1 },
      limitRecovery: { policy: "conclude" },
    },
    [LOOKUP],
  );
  return h;
}

async function refusal(promise: Promise<unknown>): Promise<AgentUsageLimitError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AgentUsageLimitError);
  return err as AgentUsageLimitError;
}

describe("lifetime budget", () => {
  it("refuses an agent over both a token limit and its run limit with the token message, appending nothing", async () => {
    const h = setup({ agentRequestLimit: 1, totalTokensLimit: 10 }, [
      { text: "first", usage: { input: 10, output: 5 } },
    ]);
    // The run that crosses the token limit completes…
    expect((await turn(h.deps, "c", "spender", "hello")).final.status).toBe("completed");
    expect(await h.store.agentLifetimeUsage("spender")).toEqual({
      runs: 1,
      inputTokens: 10,
      outputTokens: 5,
      totalTokens: 15,
    });
    const before = h.store.eventsOf("c");

    // …the next one is refused, on tokens first although the run limit is spent too.
    const err = await refusal(turn(h.deps, "c", "spender", "again"));
    expect(err.message).toBe("Exceeded the totalTokensLimit of 10 (totalTokens=15)");
    expect(err).toMatchObject({ code: "AgentUsageLimitError", limit: "totalTokensLimit", used: 15, max: 10 });
    expect(h.store.eventsOf("c")).toEqual(before);
    expect(h.store.runList()).toHaveLength(1);
  });

  it("refuses on the run limit once tokens are within their limits", async () => {
    const h = setup({ agentRequestLimit: 1, inputTokensLimit: 1000 }, [{ text: "first" }]);
    await turn(h.deps, "c", "spender", "hello");
    const err = await refusal(turn(h.deps, "c", "spender", "again"));
    expect(err.message).toBe("Exceeded the agentRequestLimit of 1 (runCount=1)");
    expect(err).toMatchObject({ limit: "agentRequestLimit", used: 1, max: 1 });
    expect(eventsOfType(h.store, "c", "RunStarted")).toHaveLength(1);
  });

  it("counts failed runs and conclusion runs: a rescued turn costs two runs", async () => {
    const h = setup({ agentRequestLimit: 3 }, [
      { error: new Error("the provider is down") },
      twoCalls(),
      { text: "Concluding with what I have." },
    ]);
    const failed = await turn(h.deps, "c", "spender", "first");
    expect(failed.final.status).toBe("failed");
    expect((await h.store.agentLifetimeUsage("spender")).runs).toBe(1);

    const rescued = await turn(h.deps, "c", "spender", "second");
    expect(rescued.runs.map((r) => [r.status, r.stopReason])).toEqual([
      ["completed", "usage_limit"],
      ["completed", "end_turn"],
    ]);
    expect((await h.store.agentLifetimeUsage("spender")).runs).toBe(3);

    const err = await refusal(turn(h.deps, "c", "spender", "third"));
    expect(err.message).toBe("Exceeded the agentRequestLimit of 3 (runCount=3)");
  });

  it("reads its totals from the store, so new deps on the same store (a restart) still refuse", async () => {
    const h = setup({ totalTokensLimit: 20 }, [{ text: "expensive", usage: { input: 30, output: 5 } }]);
    await turn(h.deps, "c", "spender", "hello");
    const restarted = setup({ totalTokensLimit: 20 }, [{ text: "never asked" }], h.store);
    const err = await refusal(turn(restarted.deps, "c", "spender", "again"));
    expect(err.message).toBe("Exceeded the totalTokensLimit of 20 (totalTokens=35)");
    // Another conversation of the same agent is refused as well: the budget is the agent's.
    await refusal(turn(restarted.deps, "other", "spender", "hello"));
    expect(restarted.store.eventsOf("other")).toEqual([]);
  });

  it("surfaces the breach when the budget is spent at the conclusion's pre-flight (run limit)", async () => {
    const h = setup({ agentRequestLimit: 1 }, [twoCalls(), { text: "never asked" }]);
    const result = await turn(h.deps, "c", "spender", "look two things up");
    expect(result.runs).toHaveLength(1);
    expect(result.final).toMatchObject({ status: "failed", stopReason: "usage_limit" });
    expect(eventsOfType(h.store, "c", "RunFinished").map((e) => e.data)).toEqual([
      expect.objectContaining({
        status: "failed",
        stopReason: "usage_limit",
        error: expect.objectContaining({
          type: "RunUsageLimitError",
          message: "The next tool call(s) would exceed the toolCallsLimit of 1 (toolCalls=2)",
        }),
      }),
    ]);
    expect(h.store.runList().map((r) => r.kind)).toEqual(["turn"]);
  });

  it("surfaces the breach when the breached run's own tokens spent the budget before the conclusion", async () => {
    const h = setup({ outputTokensLimit: 50 }, [twoCalls({ input: 10, output: 60 }), { text: "never asked" }]);
    const result = await turn(h.deps, "c", "spender", "look two things up");
    expect(result.runs).toHaveLength(1);
    expect(h.store.runs.get(result.final.runId)).toMatchObject({
      status: "failed",
      stopReason: "usage_limit",
      error: { type: "RunUsageLimitError", limit: "toolCallsLimit" },
    });
  });
});
