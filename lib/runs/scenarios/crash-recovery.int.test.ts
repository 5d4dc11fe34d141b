/**
 * Crash recovery on the real store (Prisma, the batched event writer, a migrated database): a run left
 * `running` by a process that died in the middle of a tool call is healed and finished `interrupted`
 * at the next start, the conversation accepts its next message and that run's model sees a valid
 * context, and the context folded from the log is the same in a restarted process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LanguageModelV3, LanguageModelV3Prompt } from "@ai-sdk/provider";
import { createDb } from "@/lib/db/client";
import { seedStudio } from "@/lib/db/seed-demo";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { currentWorkspaceId } from "@/lib/db/workspace";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { closeServer } from "@/lib/server/server";
import { foldContext } from "../engine/context-fold";
import type { RunRuntime } from "../infra/runtime";
import { testRunRuntime } from "../../server/testing/test-runtime";
import { startTurn } from "../use-cases/start-turn";
import { recoverAtStart } from "../infra/recover-at-start";
import { INTERRUPTED_INSTRUCTION, recoverInterruptedRuns } from "../infra/store/recover-interrupted-runs";
import { readConversationEvents } from "../infra/store/prisma-run-store";

let t: TestDatabase;
let atlasId = "";
const ACTOR = { id: null, name: "crash-test" };

beforeAll(async () => {
  t = await createTestDatabase();
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  atlasId = (await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } })).id;
});
afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

/** A runtime on the database whose models record every prompt they are sent. */
function runtime(db = t.db): { rt: RunRuntime; prompts: LanguageModelV3Prompt[] } {
  const rt = testRunRuntime(db, { dialect: t.target.kind });
  const prompts: LanguageModelV3Prompt[] = [];
  const build = rt.deps.models;
  rt.deps.models = async (cfg, http) => {
    const model = await build(cfg, http);
    const recording: LanguageModelV3 = {
      specificationVersion: "v3",
      provider: model.provider,
      modelId: model.modelId,
      supportedUrls: model.supportedUrls,
      doGenerate: (options) => model.doGenerate(options),
      doStream: (options) => {
        prompts.push(options.prompt);
        return model.doStream(options);
      },
    };
    return recording;
  };
  return { rt, prompts };
}

/** Every tool call of the prompt is answered by the tool message right after its assistant message. */
function expectValidContext(prompt: LanguageModelV3Prompt) {
  prompt.forEach((m, i) => {
    if (m.role !== "assistant") return;
    const calls = m.content.flatMap((p) => (p.type === "tool-call" ? [p.toolCallId] : []));
    if (!calls.length) return;
    const next = prompt[i + 1];
    expect(next?.role).toBe("tool");
    const answered =
      next.role === "tool" ? next.content.map((p) => (p.type === "tool-result" ? p.toolCallId : "")) : [];
    expect(answered.sort()).toEqual([...calls].sort());
  });
}

describe("crash recovery", () => {
  it("heals a run left running in a tool call, finishes it interrupted, and the next message runs on a valid context — the same after a restart", async () => {
    const workspaceId = await currentWorkspaceId(t.db);
    const { id: conversationId } = await t.db.conversation.create({ data: { workspaceId, agentId: atlasId } });

    // The first process: its tool call never returns, and the process "dies" there.
    const first = runtime();
    let called!: () => void;
    const inTool = new Promise<void>((resolve) => (called = resolve));
    first.rt.deps.invokeSandbox = () => {
      called();
      return new Promise(() => {});
    };
    await startTurn(first.rt, { conversationId, content: "What is the population of Paris?", actor: ACTOR });
    await inTool;
    await first.rt.writer.flush();

    const run = await t.db.run.findFirstOrThrow({ where: { conversationId } });
    expect(run.status).toBe("running");
    const left = await readConversationEvents(t.db, conversationId);
    expect(left.map((e) => e.type)).toEqual([
      "RunStarted",
      "LlmSystemPromptEvent",
      "LlmMessageEvent",
      "LlmMessageEvent",
      "ToolCallEvent",
      "LlmUsageEvent",
    ]);
    const call = left.find((e) => e.type === "ToolCallEvent")!;
    if (call.type !== "ToolCallEvent") throw new Error("expected the call");
    expect(call.data.toolName).toBe("city_population");

    // The next process starts: recovery heals the dangling call, finishes the run and releases the
    // claim the dead process held.
    expect(await t.db.runLease.count({ where: { conversationId } })).toBe(1);
    const second = runtime();
    expect(await recoverAtStart(second.rt)).toEqual([run.id]);
    expect(await t.db.runLease.count({ where: { conversationId } })).toBe(0);
    const healed = (await readConversationEvents(t.db, conversationId)).slice(left.length);
    expect(healed.map((e) => [e.runId, e.type])).toEqual([
      [run.id, "LlmMessageEvent"],
      [run.id, "ToolReturnEvent"],
      [run.id, "RunFinished"],
    ]);
    expect(healed[0].data).toEqual({
      role: "tool",
      parts: [
        {
          type: "tool-result",
          toolCallId: call.data.toolCallId,
          toolName: "city_population",
          output: { type: "error-text", value: INTERRUPTED_INSTRUCTION },
        },
      ],
    });
    expect(healed[1].data).toEqual({
      toolName: "city_population",
      toolCallId: call.data.toolCallId,
      success: false,
      durationMs: 0,
      errorType: "RunInterrupted",
    });
    expect(healed[2].data).toMatchObject({
      status: "interrupted",
      stopReason: "interrupted",
      usage: { requests: 1 },
      error: { type: "RunInterrupted" },
    });
    expect(await t.db.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: "interrupted",
      stopReason: "interrupted",
      requests: 1,
    });
    // Recovery is done once: a second pass finds nothing.
    expect(await recoverInterruptedRuns(t.db, second.rt.deps.store)).toEqual([]);

    const recovered = foldContext(await second.rt.deps.store.conversationEvents(conversationId));
    expectValidContext(recovered.messages);

    // The next message is accepted and its model sees exactly the healed context.
    const next = await startTurn(second.rt, { conversationId, content: "And of Lyon?", actor: ACTOR });
    const result = (await next.done)!;
    expect(result.final.status).toBe("completed");
    const [firstPrompt] = second.prompts;
    expect(firstPrompt[0].role).toBe("system");
    expect(firstPrompt.slice(1)).toEqual([
      ...recovered.messages,
      { role: "user", content: [{ type: "text", text: "And of Lyon?" }] },
    ]);
    for (const prompt of second.prompts) expectValidContext(prompt);
    const all = await readConversationEvents(t.db, conversationId);
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));

    // A restart: a new runtime on a new client of the same database folds the same context…
    const before = foldContext(await second.rt.deps.store.conversationEvents(conversationId));
    const db = createDb(t.target);
    try {
      const third = runtime(db);
      const after = foldContext(await third.rt.deps.store.conversationEvents(conversationId));
      expect(after.messages).toEqual(before.messages);
      expect(after.systemPromptHashes).toEqual(before.systemPromptHashes);
      expect(after.lastInputTokens).toBe(before.lastInputTokens);
      // …and sends it to the model of its next run.
      const again = await startTurn(third.rt, { conversationId, content: "Thanks.", actor: ACTOR });
      expect((await again.done)!.final.status).toBe("completed");
      expect(third.prompts[0].slice(1)).toEqual([
        ...after.messages,
        { role: "user", content: [{ type: "text", text: "Thanks." }] },
      ]);
    } finally {
      await db.$disconnect();
    }
  });
});
