/**
 * Compaction strategies at the head of a run: `summarize` replaces the whole history with one
 * summary from an awaited summarizer request (the agent's model, or the pinned summaryModel,
 * instructed by the registered prompt version), `sliding_window` keeps the last messages verbatim
 * behind a marker without any model call (never cutting a tool call from its results), `none`
 * never folds. Each fold is one LlmContextCompactedEvent with every field, the summarizer's usage
 * is an LlmUsageEvent of the run (priced, in the run's cost) and never an LlmMessageEvent, and the
 * model's next request carries exactly the folded context.
 */
import type { LanguageModelV3Message } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import type { AgentInput } from "../../agents/agent-input.shared";
import { priceUsage } from "../../events/price-usage";
import { estimateTokens } from "../../models/estimate-tokens";
import { promptText } from "../../models/model-output";
import { foldContext, summaryMessage } from "../engine/context-fold";
import { isTruncationMarker, truncationMarker, windowMarker } from "../engine/compaction/strategies";
import { summarizerPrompt } from "../engine/compaction/summarizer-prompts";
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

const PROMPT = "You remember what the user tells you.";
const SYSTEM = { role: "system" as const, content: PROMPT };
const LOOKUP = savedTool(toolSource("lookup", "{ sideEffecting: false }", "q: string", "  return q;"));
const user = (text: string): LanguageModelV3Message => ({ role: "user", content: [{ type: "text", text }] });

function setup(options: {
  compaction?: AgentInput["compaction"];
  steps: MockStep[];
  summarizer?: MockStep[];
  model?: { provider: string; model: string };
  contextLength?: number | null;
}) {
  const modelCfg = options.model ?? { provider: "demo", model: "agent" };
  const agentModel = mockModel(options.steps, modelCfg.model);
  const summarizer = mockModel(options.summarizer ?? [], "summarizer");
  const h = createHarness({ models: { [modelCfg.model]: agentModel, summarizer } });
  h.deps.invokeSandbox = sandboxStub({ lookup: (args) => `found ${String(args.q)}` }).invoke;
  h.agents.define(
    {
      name: "keeper",
      prompt: { template: PROMPT },
      model: { ...modelCfg, contextLength: options.contextLength === undefined ? 1000 : options.contextLength },
      compaction: options.compaction,
    },
    [LOOKUP],
  );
  return { h, agentModel, summarizer };
}

describe("summarize", () => {
  it("replaces the whole history with the agent model's summary, records one event, and sends system + summary", async () => {
    const { h, agentModel } = setup({
      steps: [
        { toolCalls: [{ toolName: "lookup", args: { q: "Lyon" } }], usage: { input: 300, output: 5 } },
        { text: "Noted: you live in Lyon.", usage: { input: 900, output: 6 } },
        { text: "The user lives in Lyon; lookup confirmed it.", usage: { input: 120, output: 9 } },
        { text: "You live in Lyon.", usage: { input: 40, output: 5 } },
      ],
    });
    await turn(h.deps, "c1", "keeper", "I live in Lyon.");
    const before = foldContext(h.store.eventsOf("c1")).messages;
    expect(before.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);

    const second = await turn(h.deps, "c1", "keeper", "Where do I live?");
    const runId = second.final.runId;

    // The summarizer request: the v1 instructions, no tools, the history as text, the instruction last.
    const summaryCall = agentModel.doStreamCalls[2]!;
    const v1 = summarizerPrompt("v1");
    expect(summaryCall.prompt[0]).toEqual({ role: "system", content: v1.system(2000) });
    expect(summaryCall.tools).toBeUndefined();
    expect(summaryCall.maxOutputTokens).toBe(2500);
    expect(summaryCall.prompt.slice(1)).toEqual([
      { role: "user", content: [{ type: "text", text: "I live in Lyon." }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: '[called lookup {"q":"Lyon"}]' },
          { type: "text", text: "[lookup returned: found Lyon]" },
          { type: "text", text: "Noted: you live in Lyon." },
        ],
      },
      { role: "user", content: [{ type: "text", text: v1.instruction(2000) }] },
    ]);

    // The run's request: the system prompt and the summary, then the new message — no verbatim tail.
    const summary = "The user lives in Lyon; lookup confirmed it.";
    expect(agentModel.doStreamCalls[3]!.prompt).toEqual([SYSTEM, summaryMessage(summary), user("Where do I live?")]);

    // The log: the summarizer's usage and the fold, under the run's id, before its RunStarted.
    const ofRun = h.store.eventsOf("c1").filter((e) => e.runId === runId);
    expect(ofRun.map((e) => e.type)).toEqual([
      "LlmUsageEvent",
      "LlmContextCompactedEvent",
      "RunStarted",
      "LlmMessageEvent",
      "LlmMessageEvent",
      "LlmUsageEvent",
      "RunFinished",
    ]);
    const [compacted] = eventsOfType(h.store, "c1", "LlmContextCompactedEvent");
    expect(compacted!.data).toEqual({
      strategyId: "summarize",
      summary,
      replacedMessageCount: 4,
      summarizerPromptVersion: "v1",
      tokensBefore: 900,
      // An estimate of the folded request: system prompt, summary and the advertised tool.
      tokensAfter:
        estimateTokens(promptText([SYSTEM, summaryMessage(summary)])) +
        estimateTokens(JSON.stringify(agentModel.doStreamCalls[3]!.tools)),
    });
    // The summary is never a message of the log.
    const messages = eventsOfType(h.store, "c1", "LlmMessageEvent");
    expect(messages.some((m) => JSON.stringify(m.data).includes("lookup confirmed"))).toBe(false);
    // The context folds from the log to exactly what was sent.
    expect(foldContext(h.store.eventsOf("c1")).messages).toEqual([
      summaryMessage(summary),
      user("Where do I live?"),
      { role: "assistant", content: [{ type: "text", text: "You live in Lyon." }] },
    ]);
  });

  it("records the summarizer's priced usage as the run's spend: a usage event, never a message, and in the run's cost", async () => {
    const { h, agentModel } = setup({
      model: { provider: "openai", model: "gpt-4o" },
      steps: [
        { text: "Noted.", usage: { input: 900, output: 4 } },
        { text: "The user said hello.", usage: { input: 200, output: 10 } },
        { text: "Hello again.", usage: { input: 30, output: 3 } },
      ],
    });
    await turn(h.deps, "c2", "keeper", "Hello, I am Ada.");
    const second = await turn(h.deps, "c2", "keeper", "Hello?");
    expect(agentModel.doStreamCalls).toHaveLength(3);
    const runId = second.final.runId;
    const usage = eventsOfType(h.store, "c2", "LlmUsageEvent").filter((e) => e.runId === runId);
    expect(usage).toHaveLength(2);
    const summarizerCost = priceUsage("openai", "gpt-4o", {
      inputTokens: 200,
      outputTokens: 10,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
    expect(summarizerCost.costNanoUsd).toBeGreaterThan(0);
    expect(usage[0]!.data).toMatchObject({
      provider: "openai",
      model: "gpt-4o",
      requestedModel: "openai:gpt-4o",
      inputTokens: 200,
      outputTokens: 10,
      totalTokens: 210,
      priced: true,
      costNanoUsd: summarizerCost.costNanoUsd,
    });
    // The run's money adds up to its usage events; its usage counters are its own requests.
    const [, finished] = eventsOfType(h.store, "c2", "RunFinished");
    const total = usage.reduce((sum, e) => sum + e.data.costNanoUsd, 0);
    expect(finished!.data.costNanoUsd).toBe(total);
    expect(finished!.data.usage).toEqual({
      requests: 1,
      toolCalls: 0,
      inputTokens: 30,
      outputTokens: 3,
      totalTokens: 33,
    });
    expect(h.store.runs.get(runId)!.costNanoUsd).toBe(total);
    // The agent's lifetime usage counts the summarizer's tokens.
    expect((await h.store.agentLifetimeUsage("keeper")).inputTokens).toBe(900 + 200 + 30);
  });

  it("asks the pinned summaryModel, not the agent's model", async () => {
    const { h, agentModel, summarizer } = setup({
      compaction: { summaryModel: { provider: "demo", model: "summarizer" } },
      steps: [
        { text: "Noted.", usage: { input: 950, output: 4 } },
        { text: "Fine.", usage: { input: 30, output: 3 } },
      ],
      summarizer: [{ text: "Ada said hello.", usage: { input: 50, output: 5 } }],
    });
    await turn(h.deps, "c3", "keeper", "Hello, I am Ada.");
    await turn(h.deps, "c3", "keeper", "Still there?");
    expect(summarizer.doStreamCalls).toHaveLength(1);
    expect(agentModel.doStreamCalls).toHaveLength(2);
    expect(agentModel.doStreamCalls[1]!.prompt).toEqual([
      SYSTEM,
      summaryMessage("Ada said hello."),
      user("Still there?"),
    ]);
    const [usage] = eventsOfType(h.store, "c3", "LlmUsageEvent").slice(1);
    expect(usage!.data).toMatchObject({ provider: "demo", model: "summarizer", requestedModel: "demo:summarizer" });
  });

  it("falls back to the built-in v1 instructions for an unknown prompt version, and records v1", async () => {
    const { h, summarizer } = setup({
      compaction: { summaryModel: { provider: "demo", model: "summarizer" }, summarizerPromptVersion: "v9-unknown" },
      steps: [{ text: "Noted.", usage: { input: 900, output: 4 } }, { text: "Fine." }],
      summarizer: [{ text: "Ada said hello." }],
    });
    await turn(h.deps, "c4", "keeper", "Hello, I am Ada.");
    await turn(h.deps, "c4", "keeper", "Still there?");
    expect(summarizer.doStreamCalls[0]!.prompt[0]).toEqual({
      role: "system",
      content: summarizerPrompt("v1").system(2000),
    });
    expect(eventsOfType(h.store, "c4", "LlmContextCompactedEvent")[0]!.data.summarizerPromptVersion).toBe("v1");
  });

  it("degrades to a truncation marker when the summarizer fails, and the run goes on", async () => {
    const { h, agentModel } = setup({
      compaction: { summaryModel: { provider: "demo", model: "summarizer" } },
      steps: [{ text: "Noted.", usage: { input: 900, output: 4 } }, { text: "I do not remember, sorry." }],
      summarizer: [{ error: new Error("summarizer overloaded") }],
    });
    await turn(h.deps, "c5", "keeper", "Hello, I am Ada.");
    const second = await turn(h.deps, "c5", "keeper", "Who am I?");
    expect(second.final.status).toBe("completed");
    const [event] = eventsOfType(h.store, "c5", "LlmContextCompactedEvent");
    expect(event!.data).toMatchObject({
      strategyId: "summarize",
      replacedMessageCount: 2,
      summarizerPromptVersion: "v1",
    });
    expect(event!.data.summary).toBe(truncationMarker(2, "summarizer overloaded"));
    expect(isTruncationMarker(event!.data.summary)).toBe(true);
    // No summarizer usage was reported, so none is recorded.
    expect(eventsOfType(h.store, "c5", "LlmUsageEvent")).toHaveLength(2);
    expect(agentModel.doStreamCalls[1]!.prompt).toEqual([
      SYSTEM,
      summaryMessage(event!.data.summary),
      user("Who am I?"),
    ]);
  });

  it("treats a blank summary as a failure but still records what the request cost", async () => {
    const { h } = setup({
      compaction: { summaryModel: { provider: "demo", model: "summarizer" } },
      steps: [{ text: "Noted.", usage: { input: 900, output: 4 } }, { text: "Hm." }],
      summarizer: [{ text: "   ", usage: { input: 60, output: 1 } }],
    });
    await turn(h.deps, "c6", "keeper", "Hello, I am Ada.");
    await turn(h.deps, "c6", "keeper", "Who am I?");
    const [event] = eventsOfType(h.store, "c6", "LlmContextCompactedEvent");
    expect(isTruncationMarker(event!.data.summary)).toBe(true);
    const usage = eventsOfType(h.store, "c6", "LlmUsageEvent");
    expect(usage.map((u) => u.data.inputTokens)).toEqual([900, 60, 10]);
  });
});

describe("sliding_window", () => {
  it("keeps the last messages verbatim behind a marker, without a model call, never opening on a tool result", async () => {
    const { h, agentModel } = setup({
      compaction: { strategy: "sliding_window", keepRecentMessages: 2 },
      steps: [
        { toolCalls: [{ toolName: "lookup", args: { q: "Lyon" } }], usage: { input: 300, output: 5 } },
        { text: "Lyon it is.", usage: { input: 900, output: 4 } },
        { text: "Still Lyon.", usage: { input: 50, output: 3 } },
      ],
    });
    await turn(h.deps, "c7", "keeper", "I live in Lyon.");
    const before = foldContext(h.store.eventsOf("c7")).messages;
    // The last two messages would be [tool result, assistant]: the cut moves past the orphaned result.
    expect(before.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    await turn(h.deps, "c7", "keeper", "Where again?");
    expect(agentModel.doStreamCalls).toHaveLength(3);
    const [event] = eventsOfType(h.store, "c7", "LlmContextCompactedEvent");
    expect(event!.data).toMatchObject({
      strategyId: "sliding_window",
      summary: windowMarker(3),
      replacedMessageCount: 3,
      summarizerPromptVersion: null,
      tokensBefore: 900,
    });
    expect(agentModel.doStreamCalls[2]!.prompt).toEqual([
      SYSTEM,
      summaryMessage(windowMarker(3)),
      before[3],
      user("Where again?"),
    ]);
    expect(eventsOfType(h.store, "c7", "LlmUsageEvent")).toHaveLength(3);
  });

  it("keeps tool calls and their results together when the window starts on the call", async () => {
    const { h, agentModel } = setup({
      compaction: { strategy: "sliding_window", keepRecentMessages: 3 },
      steps: [
        { toolCalls: [{ toolName: "lookup", args: { q: "Lyon" } }], usage: { input: 300, output: 5 } },
        { text: "Lyon it is.", usage: { input: 900, output: 4 } },
        { text: "Still Lyon.", usage: { input: 50, output: 3 } },
      ],
    });
    await turn(h.deps, "c8", "keeper", "I live in Lyon.");
    const before = foldContext(h.store.eventsOf("c8")).messages;
    await turn(h.deps, "c8", "keeper", "Where again?");
    expect(eventsOfType(h.store, "c8", "LlmContextCompactedEvent")[0]!.data.replacedMessageCount).toBe(1);
    expect(agentModel.doStreamCalls[2]!.prompt).toEqual([
      SYSTEM,
      summaryMessage(windowMarker(1)),
      ...before.slice(1),
      user("Where again?"),
    ]);
  });

  it("folds nothing when the context is already within the window", async () => {
    const { h } = setup({
      compaction: { strategy: "sliding_window", keepRecentMessages: 10 },
      steps: [{ text: "Noted.", usage: { input: 900, output: 4 } }, { text: "Fine." }],
    });
    await turn(h.deps, "c9", "keeper", "Hello.");
    await turn(h.deps, "c9", "keeper", "Again.");
    expect(eventsOfType(h.store, "c9", "LlmContextCompactedEvent")).toHaveLength(0);
  });
});

describe("none", () => {
  it("never folds, however large the context", async () => {
    const { h, agentModel } = setup({
      compaction: { strategy: "none" },
      steps: [{ text: "Noted.", usage: { input: 999, output: 4 } }, { text: "Fine." }],
    });
    await turn(h.deps, "c10", "keeper", "Hello.");
    await turn(h.deps, "c10", "keeper", "Again.");
    expect(eventsOfType(h.store, "c10", "LlmContextCompactedEvent")).toHaveLength(0);
    expect(agentModel.doStreamCalls[1]!.prompt).toHaveLength(4);
  });
});
