/**
 * The context as a fold over the event log: what a live run sent to its model is exactly what the
 * stored events fold to — in the same turn, in the next one, and after a restart — child runs keep
 * their own context, and compaction and clear events fold where they were recorded.
 */
import { describe, expect, it } from "vitest";
import { newEvent } from "../../events/event-types";
import { foldContext, SUMMARY_PREFIX } from "../engine/context-fold";
import {
  agentTool,
  createHarness,
  mockModel,
  sandboxStub,
  savedTool,
  toolSource,
  turn,
  withoutSystem,
} from "../testing/run-harness";

const LOOKUP = savedTool(toolSource("lookup", "{ sideEffecting: false }", "q: string", "  return q;"));
const SYSTEM = { role: "system", content: "You answer questions about cities." };

function defineCityAgent(h: ReturnType<typeof createHarness>) {
  h.deps.invokeSandbox = sandboxStub({ lookup: (args) => ({ city: args.q, population: 2_100_000 }) }).invoke;
  return h.agents.define(
    {
      name: "cities",
      prompt: { template: "You answer questions about cities." },
      model: { provider: "demo", model: "cities" },
    },
    [LOOKUP],
  );
}

describe("context fold", () => {
  it("folds the stored events to exactly the messages the live run sent to its model", async () => {
    const model = mockModel([
      { toolCalls: [{ toolName: "lookup", args: { q: "Paris" } }] },
      { text: "About 2.1 million people live in Paris." },
    ]);
    const h = createHarness({ models: model });
    defineCityAgent(h);
    await turn(h.deps, "c1", "cities", "How many people live in Paris?");

    const folded = foldContext(await h.store.conversationEvents("c1")).messages;
    expect(folded.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    const [first, second] = model.doStreamCalls;
    expect(first.prompt[0]).toEqual(SYSTEM);
    expect(withoutSystem(first.prompt)).toEqual(folded.slice(0, 1));
    expect(second.prompt[0]).toEqual(SYSTEM);
    expect(withoutSystem(second.prompt)).toEqual(folded.slice(0, 3));
    expect(folded[3]).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "About 2.1 million people live in Paris." }],
    });
    expect(foldContext(await h.store.conversationEvents("c1")).lastInputTokens).toBe(10);
  });

  it("gives the second turn the first turn's context, and the same fold after a restart", async () => {
    const model = mockModel([
      { toolCalls: [{ toolName: "lookup", args: { q: "Paris" } }] },
      { text: "About 2.1 million." },
      { text: "Lyon has about half a million." },
    ]);
    const h = createHarness({ models: model });
    defineCityAgent(h);
    await turn(h.deps, "c2", "cities", "How many people live in Paris?");
    const afterFirst = foldContext(await h.store.conversationEvents("c2")).messages;

    await turn(h.deps, "c2", "cities", "And Lyon?");
    const secondTurnPrompt = model.doStreamCalls[2].prompt;
    expect(secondTurnPrompt).toEqual([
      SYSTEM,
      ...afterFirst,
      { role: "user", content: [{ type: "text", text: "And Lyon?" }] },
    ]);
    const beforeRestart = foldContext(await h.store.conversationEvents("c2"));

    // A restart: new deps (new loader, new model instance, new ids) on the same stored events.
    const restartedModel = mockModel([{ text: "Marseille: about 870,000." }]);
    const restarted = createHarness({ store: h.store, models: restartedModel });
    defineCityAgent(restarted);
    const afterRestart = foldContext(await restarted.store.conversationEvents("c2"));
    expect(afterRestart.messages).toEqual(beforeRestart.messages);
    expect(afterRestart.systemPromptHashes).toEqual(beforeRestart.systemPromptHashes);
    expect(afterRestart.lastInputTokens).toBe(beforeRestart.lastInputTokens);

    // Its next run sees exactly that context (and records no system prompt: the rendering is unchanged).
    const third = await turn(restarted.deps, "c2", "cities", "And Marseille?");
    expect(restartedModel.doStreamCalls[0].prompt).toEqual([
      SYSTEM,
      ...afterRestart.messages,
      { role: "user", content: [{ type: "text", text: "And Marseille?" }] },
    ]);
    const ofThird = (await h.store.conversationEvents("c2")).filter((e) => e.runId === third.final.runId);
    expect(ofThird.map((e) => e.type)).not.toContain("LlmSystemPromptEvent");
  });

  it("keeps a child run's messages out of the parent conversation's context", async () => {
    const parent = mockModel([
      { toolCalls: [{ toolName: "researcher", args: { task: "Find the population of Paris." } }] },
      { text: "The researcher says about 2.1 million." },
    ]);
    const child = mockModel([{ text: "Paris: 2.1 million (2023)." }]);
    const h = createHarness({ models: { parent, child } });
    const researcher = h.agents.define({
      name: "researcher",
      description: "Looks facts up and answers with the fact and its source year.",
      model: { provider: "demo", model: "child" },
    });
    h.agents.define({ name: "lead", model: { provider: "demo", model: "parent" } }, [agentTool(researcher)]);
    await turn(h.deps, "c3", "lead", "How many people live in Paris?");

    const events = await h.store.conversationEvents("c3");
    const childRun = h.store.runList({ kind: "child" })[0];
    expect(events.filter((e) => e.runId === childRun.id && e.type === "LlmMessageEvent")).toHaveLength(2);

    const folded = foldContext(events).messages;
    expect(folded.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(folded.some((m) => m.role === "user" && JSON.stringify(m.content).includes("Find the population"))).toBe(
      false,
    );
    // The child's answer reaches the parent only as the tool result…
    expect(folded[2]).toMatchObject({
      role: "tool",
      content: [{ toolName: "researcher", output: { type: "text", value: "Paris: 2.1 million (2023)." } }],
    });
    // …and the parent's second request saw exactly the folded context.
    expect(withoutSystem(parent.doStreamCalls[1].prompt)).toEqual(folded.slice(0, 3));
    // The child's own request saw only its task.
    expect(child.doStreamCalls[0].prompt).toEqual([
      { role: "user", content: [{ type: "text", text: "Find the population of Paris." }] },
    ]);
  });

  it("folds a compaction into a summary message followed by the kept messages, and a clear into nothing", async () => {
    const model = mockModel([
      { text: "Noted: you live in Lyon." },
      { text: "You like rivers." },
      { text: "You live in Lyon and like rivers." },
      { text: "I have no earlier context." },
    ]);
    const h = createHarness({ models: model });
    h.agents.define({ name: "notes", model: { provider: "demo", model: "notes" } });
    await turn(h.deps, "c4", "notes", "I live in Lyon.");
    await turn(h.deps, "c4", "notes", "I like rivers.");
    const before = foldContext(await h.store.conversationEvents("c4")).messages;
    expect(before).toHaveLength(4);

    await h.store.appendEvents("c4", [
      {
        event: newEvent(null, "LlmContextCompactedEvent", {
          strategyId: "summarize",
          summary: "The user lives in Lyon.",
          replacedMessageCount: 2,
          summarizerPromptVersion: "v1",
          tokensBefore: 40,
          tokensAfter: 12,
        }),
      },
    ]);
    const compacted = foldContext(await h.store.conversationEvents("c4"));
    expect(compacted.messages).toEqual([
      { role: "user", content: [{ type: "text", text: `${SUMMARY_PREFIX}\nThe user lives in Lyon.` }] },
      ...before.slice(2),
    ]);
    expect(compacted.lastInputTokens).toBeNull();

    await turn(h.deps, "c4", "notes", "What do you know about me?");
    expect(model.doStreamCalls[2].prompt).toEqual([
      ...compacted.messages,
      { role: "user", content: [{ type: "text", text: "What do you know about me?" }] },
    ]);

    await h.store.appendEvents("c4", [{ event: newEvent(null, "LlmContextClearedEvent", { clearedMessageCount: 6 }) }]);
    expect(foldContext(await h.store.conversationEvents("c4")).messages).toEqual([]);
    await turn(h.deps, "c4", "notes", "And now?");
    expect(model.doStreamCalls[3].prompt).toEqual([{ role: "user", content: [{ type: "text", text: "And now?" }] }]);
  });
});
