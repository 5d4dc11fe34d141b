/**
 * The context is a fold over the log: a server that restarts — before the run that folds, or after
 * it — sends the model exactly what it would have sent without the restart, for each strategy.
 */
import { describe, expect, it } from "vitest";
import type { AgentInput } from "../../agents/agent-input.shared";
import { foldContext } from "../engine/context-fold";
import { createHarness, eventsOfType, mockModel, turn, type MockStep } from "../testing/run-harness";
import type { MemoryRunStore } from "../testing/memory-run-store";

const STEPS: MockStep[] = [
  { text: "Noted: Lyon.", usage: { input: 400, output: 3 } },
  { text: "Noted: rivers.", usage: { input: 900, output: 3 } },
  { text: "You live in Lyon and like rivers.", usage: { input: 60, output: 8 } },
  { text: "Still Lyon.", usage: { input: 70, output: 3 } },
];
const SUMMARIES: MockStep[] = [{ text: "The user lives in Lyon and likes rivers.", usage: { input: 80, output: 9 } }];
const MESSAGES = ["I live in Lyon.", "I like rivers.", "What do you know about me?", "And where do I live?"];

type Compaction = AgentInput["compaction"];

/** One process's deps on `store`, with fresh model instances that continue the scripts at `from`. */
function processOn(
  store: MemoryRunStore | undefined,
  compaction: Compaction,
  from: { agent: number; summary: number },
) {
  const model = mockModel(STEPS.slice(from.agent));
  const summarizer = mockModel(SUMMARIES.slice(from.summary), "summarizer");
  const h = createHarness({ store, models: { agent: model, summarizer } });
  h.agents.define({
    name: "keeper",
    prompt: { template: "You remember what the user tells you." },
    model: { provider: "demo", model: "agent", contextLength: 1000 },
    compaction: { summaryModel: { provider: "demo", model: "summarizer" }, ...compaction },
  });
  return { h, model, summarizer };
}

/** Every request the model got over the four turns, with a restart before turn `restartAt` (or none). */
async function requests(compaction: Compaction, restartAt: number | null) {
  let p = processOn(undefined, compaction, { agent: 0, summary: 0 });
  const prompts = { agent: [] as unknown[], summarizer: [] as unknown[] };
  const collect = () => {
    prompts.agent.push(...p.model.doStreamCalls.map((c) => c.prompt));
    prompts.summarizer.push(...p.summarizer.doStreamCalls.map((c) => c.prompt));
  };
  let taken = { agent: 0, summary: 0 };
  for (const [i, content] of MESSAGES.entries()) {
    if (i === restartAt) {
      taken = {
        agent: taken.agent + p.model.doStreamCalls.length,
        summary: taken.summary + p.summarizer.doStreamCalls.length,
      };
      collect();
      p = processOn(p.h.store, compaction, taken);
    }
    await turn(p.h.deps, "c", "keeper", content);
  }
  collect();
  return { prompts, store: p.h.store };
}

describe("compaction across a restart", () => {
  for (const compaction of [
    { strategy: "summarize" },
    { strategy: "sliding_window", keepRecentMessages: 2 },
  ] as const) {
    it(`${compaction.strategy}: the same requests with a restart before the folding run, after it, or none`, async () => {
      const straight = await requests(compaction, null);
      expect(eventsOfType(straight.store, "c", "LlmContextCompactedEvent")).toHaveLength(1);
      expect(straight.prompts.agent).toHaveLength(4);
      expect(straight.prompts.summarizer).toHaveLength(compaction.strategy === "summarize" ? 1 : 0);
      const beforeFold = await requests(compaction, 2);
      const afterFold = await requests(compaction, 3);
      expect(beforeFold.prompts).toEqual(straight.prompts);
      expect(afterFold.prompts).toEqual(straight.prompts);
      // …and the stored logs fold to the same context.
      const folded = foldContext(straight.store.eventsOf("c")).messages;
      expect(foldContext(beforeFold.store.eventsOf("c")).messages).toEqual(folded);
      expect(foldContext(afterFold.store.eventsOf("c")).messages).toEqual(folded);
      expect(beforeFold.store.eventsOf("c").map((e) => [e.type, e.runId])).toEqual(
        straight.store.eventsOf("c").map((e) => [e.type, e.runId]),
      );
    });
  }
});
