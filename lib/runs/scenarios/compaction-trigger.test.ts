/**
 * When the run head folds: exactly when the provider-reported input of the conversation's previous
 * request reached `triggerRatio × contextLength` of the active model — not one token below — once
 * per run, never without a context length, with autoTrigger off or before the lifetime budget
 * admitted the run; and the conclusion run of a recovered breach passes the same gate.
 */
import type { LanguageModelV3Message } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import type { AgentInput } from "../../agents/agent-input.shared";
import { DEFAULT_CONCLUSION_REASON } from "../../agents/limit-recovery.shared";
import { foldContext, summaryMessage } from "../engine/context-fold";
import { decideTrigger, triggerThreshold } from "../engine/compaction/trigger";
import { AgentUsageLimitError } from "../engine/run-errors";
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
const user = (text: string): LanguageModelV3Message => ({ role: "user", content: [{ type: "text", text }] });

type AgentOptions = Partial<Omit<AgentInput, "name" | "model" | "id">>;

function setup(steps: MockStep[], agent: AgentOptions = {}, contextLength: number | null = 1000) {
  const model = mockModel(steps);
  const summarizer = mockModel(
    Array.from({ length: 5 }, (_, i) => ({ text: `summary ${i + 1}`, usage: { input: 5, output: 2 } })),
    "summarizer",
  );
  const h = createHarness({ models: { agent: model, summarizer } });
  h.deps.invokeSandbox = sandboxStub({ lookup: (args) => `found ${String(args.q)}` }).invoke;
  h.agents.define(
    {
      name: "gated",
      model: { provider: "demo", model: "agent", contextLength },
      ...agent,
      compaction: { summaryModel: { provider: "demo", model: "summarizer" }, ...agent.compaction },
    },
    [LOOKUP],
  );
  return { h, model, summarizer };
}

const said = (input: number, text = "ok"): MockStep => ({ text, usage: { input, output: 1 } });

describe("the trigger threshold", () => {
  it("is the smallest whole token count reaching ratio × contextLength, exactly", () => {
    expect(triggerThreshold(0.85, 1000)).toBe(850);
    expect(triggerThreshold(0.7, 100)).toBe(70); // 0.7 × 100 is 70.00000000000001 in floating point
    expect(triggerThreshold(0.85, 1001)).toBe(851); // 850.85 is reached at 851, not at 850
    expect(triggerThreshold(1, 128_000)).toBe(128_000);
    expect(triggerThreshold(0.001, 10)).toBe(1);
    const cfg = { autoTrigger: true, strategy: "summarize" as const, triggerRatio: 0.7 };
    expect(decideTrigger(cfg, { contextLength: 100 }, 69).due).toBe(false);
    expect(decideTrigger(cfg, { contextLength: 100 }, 70).due).toBe(true);
    expect(decideTrigger(cfg, { contextLength: null }, 10_000)).toEqual({
      due: false,
      threshold: null,
      lastInputTokens: 10_000,
    });
    expect(decideTrigger({ ...cfg, autoTrigger: false }, { contextLength: 100 }, 100).threshold).toBeNull();
    expect(decideTrigger({ ...cfg, strategy: "none" }, { contextLength: 100 }, 100).threshold).toBeNull();
    expect(decideTrigger(cfg, { contextLength: 100 }, null).due).toBe(false);
  });
});

describe("the gate at the run head", () => {
  it("does not fold one token below the threshold, and folds at it", async () => {
    const { h, model, summarizer } = setup([said(849), said(850), said(10), said(10)]);
    await turn(h.deps, "c1", "gated", "one");
    await turn(h.deps, "c1", "gated", "two");
    expect(eventsOfType(h.store, "c1", "LlmContextCompactedEvent")).toHaveLength(0);
    expect(summarizer.doStreamCalls).toHaveLength(0);
    expect(model.doStreamCalls[1]!.prompt).toHaveLength(3);

    const third = await turn(h.deps, "c1", "gated", "three");
    const [event] = eventsOfType(h.store, "c1", "LlmContextCompactedEvent");
    expect(event).toMatchObject({ runId: third.final.runId, data: { tokensBefore: 850, replacedMessageCount: 4 } });
    expect(summarizer.doStreamCalls).toHaveLength(1);
    expect(model.doStreamCalls[2]!.prompt).toEqual([summaryMessage("summary 1"), user("three")]);

    // Once per run: the fold forgets the reported size, and a small request does not fold again.
    await turn(h.deps, "c1", "gated", "four");
    expect(eventsOfType(h.store, "c1", "LlmContextCompactedEvent")).toHaveLength(1);
  });

  it("folds at most once per run, at its head, however large its own requests grow", async () => {
    const { h, summarizer } = setup([
      { toolCalls: [{ toolName: "lookup", args: { q: "a" } }], usage: { input: 900, output: 1 } },
      { toolCalls: [{ toolName: "lookup", args: { q: "b" } }], usage: { input: 950, output: 1 } },
      said(990),
      said(20),
    ]);
    await turn(h.deps, "c2", "gated", "one");
    expect(eventsOfType(h.store, "c2", "LlmContextCompactedEvent")).toHaveLength(0);
    await turn(h.deps, "c2", "gated", "two");
    expect(eventsOfType(h.store, "c2", "LlmContextCompactedEvent")).toHaveLength(1);
    expect(summarizer.doStreamCalls).toHaveLength(1);
    expect(eventsOfType(h.store, "c2", "LlmContextCompactedEvent")[0]!.data.tokensBefore).toBe(990);
  });

  it("never folds without a context length, or with autoTrigger off", async () => {
    for (const [id, agent, contextLength] of [
      ["c3", {}, null],
      ["c4", { compaction: { autoTrigger: false } }, 1000],
    ] as const) {
      const { h, summarizer } = setup([said(5000), said(10)], agent as AgentOptions, contextLength);
      await turn(h.deps, id, "gated", "one");
      await turn(h.deps, id, "gated", "two");
      expect(eventsOfType(h.store, id, "LlmContextCompactedEvent")).toHaveLength(0);
      expect(summarizer.doStreamCalls).toHaveLength(0);
    }
  });

  it("uses the active model's context length", async () => {
    const { h, summarizer } = setup([said(600), said(10)], {}, 700);
    await turn(h.deps, "c5", "gated", "one");
    await turn(h.deps, "c5", "gated", "two");
    expect(summarizer.doStreamCalls).toHaveLength(1); // 600 ≥ 0.85 × 700 = 595
  });

  it("refuses a spent agent before any summarizer is paid", async () => {
    const { h, summarizer } = setup([said(900), said(10)], { agentLimits: { inputTokensLimit: 800 } });
    await turn(h.deps, "c6", "gated", "one");
    const before = h.store.eventsOf("c6");
    await expect(turn(h.deps, "c6", "gated", "two")).rejects.toBeInstanceOf(AgentUsageLimitError);
    expect(summarizer.doStreamCalls).toHaveLength(0);
    expect(h.store.eventsOf("c6")).toEqual(before);
  });

  it("passes the conclusion run of a recovered breach through the same gate", async () => {
    const { h, model, summarizer } = setup(
      [
        { toolCalls: [{ toolName: "lookup", args: { q: "a" } }], usage: { input: 900, output: 1 } },
        { text: "Here is what I have.", usage: { input: 30, output: 5 } },
      ],
      { runLimits: { requestLimit: 1 }, limitRecovery: { policy: "conclude" } },
    );
    const result = await turn(h.deps, "c7", "gated", "look it up");
    expect(result.runs.map((r) => r.status)).toEqual(["completed", "completed"]);
    const [turnRun, conclusion] = result.runs;
    const [event] = eventsOfType(h.store, "c7", "LlmContextCompactedEvent");
    expect(event).toMatchObject({ runId: conclusion!.runId, data: { tokensBefore: 900, replacedMessageCount: 3 } });
    expect(summarizer.doStreamCalls).toHaveLength(1);
    // The breached run's context went into the summary; the conclusion saw the summary and its reason only.
    expect(JSON.stringify(summarizer.doStreamCalls[0]!.prompt)).toContain("[lookup returned: found a]");
    expect(model.doStreamCalls[1]!.prompt).toEqual([summaryMessage("summary 1"), user(DEFAULT_CONCLUSION_REASON)]);
    // The summarizer's usage belongs to the conclusion, in the turn's rollup.
    const usage = eventsOfType(h.store, "c7", "LlmUsageEvent");
    expect(usage.map((u) => u.runId)).toEqual([turnRun!.runId, conclusion!.runId, conclusion!.runId]);
    const order = h.store
      .eventsOf("c7")
      .filter((e) => e.runId === conclusion!.runId)
      .map((e) => e.type);
    expect(order.slice(0, 3)).toEqual(["LlmUsageEvent", "LlmContextCompactedEvent", "RunStarted"]);
    expect(foldContext(h.store.eventsOf("c7")).messages.slice(0, 2)).toEqual([
      summaryMessage("summary 1"),
      user(DEFAULT_CONCLUSION_REASON),
    ]);
  });
});
