/**
 * Compaction end to end on the database and over real HTTP: an agent on an OpenAI-compatible
 * provider served by the fake provider server (lib/models/testing/fake-provider-server.ts). After
 * each fold — automatic summarize, a manual compaction, a clear, a restart — the test reads the
 * request the provider actually received; the summarizer's request is priced and counted (the run's
 * usage record and cost, the usage summary's "(outside runs)" row for a manual one); manual
 * compact and clear are refused while a run executes or waits for approval.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AgentInput, type AgentInput as AgentInputType } from "../../agents/agent-input.shared";
import { createAgent } from "../../agents/save-agent";
import { createTestDatabase, type TestDatabase } from "../../db/testing/test-database";
import { OUTSIDE_RUNS, summarizeUsage } from "../read-models/usage/summarize-usage";
import {
  openaiReplies,
  startFakeProviderServer,
  type FakeProviderServer,
} from "../../models/testing/fake-provider-server";
import { listCompactions, getCompaction } from "../read-models/compactions/compaction-browser";
import { clearConversation, compactConversation } from "../use-cases/compact-conversation";
import { nextContextView } from "../read-models/compactions/next-context";
import { summarizerPrompt } from "../engine/compaction/summarizer-prompts";
import { isTruncationMarker } from "../engine/compaction/strategies";
import { SUMMARY_PREFIX } from "../engine/context-fold";
import { createConversation } from "../use-cases/create-conversation";
import { claimLease, newLeaseToken, releaseLease } from "../infra/queue/run-lease";
import type { RunRuntime } from "../infra/runtime";
import { testRunRuntime } from "../../server/testing/test-runtime";
import { startTurn } from "../use-cases/start-turn";
import { readConversationEvents } from "../infra/store/prisma-run-store";

const PATH = "/v1/chat/completions";
const PROMPT = "You remember what the user tells you.";
const ACTOR = { id: null, name: "tester" };

let t: TestDatabase;
let fake: FakeProviderServer;
let rt: RunRuntime;

beforeAll(async () => {
  t = await createTestDatabase();
  fake = await startFakeProviderServer();
  // The agent's baseUrl is typed in the studio: the operator opens the local server to models.
  process.env.ATELIER_MODEL_EGRESS_ALLOW = new URL(fake.url).host;
  rt = testRunRuntime(t.db);
});
afterAll(async () => {
  delete process.env.ATELIER_MODEL_EGRESS_ALLOW;
  await fake?.close();
  await t?.cleanup();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const usage = (prompt: number, completion = 5) => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
  prompt_tokens_details: { cached_tokens: 0 },
});
const say = (text: string, prompt: number, completion = 5) =>
  openaiReplies.streamText([text], usage(prompt, completion));

async function agentWith(name: string, compaction: AgentInputType["compaction"] = {}) {
  const config = AgentInput.parse({
    name,
    prompt: { template: PROMPT },
    model: { provider: "openai-compatible", model: "gpt-4o", baseUrl: `${fake.url}/v1`, contextLength: 1000 },
    runtime: { http: { maxRetries: 0 } },
    compaction,
  });
  const agent = await createAgent(t.db, config);
  const conversation = await createConversation(t.db, { agentId: agent.id, createdById: null });
  return { agentId: agent.id, conversationId: conversation.id };
}

async function send(runtime: RunRuntime, conversationId: string, content: string) {
  const { done } = await startTurn(runtime, { conversationId, content, actor: ACTOR });
  const result = (await done)!;
  await runtime.writer.flush();
  return result;
}

/** The chat messages a recorded request carried. */
const sent = (i: number) => fake.requests[i]!.body.messages as Array<{ role: string; content: unknown }>;
const text = (content: unknown) =>
  typeof content === "string" ? content : (content as Array<{ text: string }>).map((p) => p.text).join("\n");
const roles = (i: number) => sent(i).map((m) => `${m.role}: ${text(m.content)}`);

describe("compaction against a provider", () => {
  it("sends the folded context after an automatic summary, a manual one, a restart and a clear — and counts every summary's cost", async () => {
    const { agentId, conversationId } = await agentWith("keeper");
    fake.reply(
      PATH,
      say("Noted: Lyon.", 900),
      say("The user lives in Lyon.", 120, 7),
      say("You live in Lyon.", 60),
      say("Lyon, and you asked twice.", 150, 9),
      say("Still Lyon.", 70),
      say("I have no earlier context.", 20),
    );

    // Turn 1 reports 900 input tokens: at the threshold (0.85 × 1000) the next run folds first.
    await send(rt, conversationId, "I live in Lyon.");
    expect((await nextContextView(rt, conversationId)).compactsNextRun).toBe(true);
    const second = await send(rt, conversationId, "Where do I live?");
    const runId = second.final.runId;

    // The summarizer's request: the v1 instructions, the history as text, no tools, capped output.
    const v1 = summarizerPrompt("v1");
    expect(roles(1)).toEqual([
      `system: ${v1.system(2000)}`,
      "user: I live in Lyon.",
      "assistant: Noted: Lyon.",
      `user: ${v1.instruction(2000)}`,
    ]);
    expect(fake.requests[1]!.body.tools).toBeUndefined();
    expect(fake.requests[1]!.body.max_tokens).toBe(2500);
    // The run's request: the system prompt and the summary, then the new message.
    expect(roles(2)).toEqual([
      `system: ${PROMPT}`,
      `user: ${SUMMARY_PREFIX}\nThe user lives in Lyon.`,
      "user: Where do I live?",
    ]);

    // The event carries every field; the summarizer's usage is the run's, priced.
    const events = await readConversationEvents(t.db, conversationId);
    const compacted = events.filter((e) => e.type === "LlmContextCompactedEvent");
    expect(compacted).toHaveLength(1);
    expect(compacted[0]).toMatchObject({
      runId,
      data: {
        strategyId: "summarize",
        summary: "The user lives in Lyon.",
        replacedMessageCount: 2,
        summarizerPromptVersion: "v1",
        tokensBefore: 900,
      },
    });
    expect(compacted[0]!.type === "LlmContextCompactedEvent" && compacted[0]!.data.tokensAfter).toBeGreaterThan(0);
    const records = await t.db.usageRecord.findMany({ where: { runId }, orderBy: { eventSeq: "asc" } });
    expect(records.map((r) => [r.inputTokens, r.outputTokens, r.rootRunId])).toEqual([
      [120, 7, runId],
      [60, 5, runId],
    ]);
    expect(records.every((r) => r.priced && r.costNanoUsd > 0n)).toBe(true);
    const run = await t.db.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.costNanoUsd).toBe(records[0]!.costNanoUsd + records[1]!.costNanoUsd);
    const finished = events.find((e) => e.type === "RunFinished" && e.runId === runId)!;
    expect(finished.type === "RunFinished" && finished.data.costNanoUsd).toBe(Number(run.costNanoUsd));

    // A manual compaction outside any run: the same fold, runId null, its cost outside runs.
    const manual = await compactConversation(rt, conversationId, { strategy: "summarize" });
    expect(manual.event).toMatchObject({
      runId: null,
      data: { strategyId: "summarize", replacedMessageCount: 3, tokensBefore: 60 },
    });
    expect(manual.usage).toMatchObject({ runId: null, data: { inputTokens: 150, outputTokens: 9, priced: true } });
    expect(roles(3).slice(1, -1)).toEqual([
      `user: ${SUMMARY_PREFIX}\nThe user lives in Lyon.\nWhere do I live?`,
      "assistant: You live in Lyon.",
    ]);
    const outside = await t.db.usageRecord.findFirstOrThrow({ where: { conversationId, runId: "" } });
    expect(outside).toMatchObject({ rootRunId: "", agentId, inputTokens: 150 });
    const byRun = await summarizeUsage(t.db, { groupBy: "run" });
    expect(byRun.rows.find((r) => r.key === OUTSIDE_RUNS || r.label === OUTSIDE_RUNS)).toMatchObject({
      inputTokens: 150,
      costNanoUsd: Number(outside.costNanoUsd),
    });
    const all = await t.db.usageRecord.aggregate({ _sum: { costNanoUsd: true }, _count: { _all: true } });
    expect(byRun.total.costNanoUsd).toBe(Number(all._sum.costNanoUsd));
    expect(byRun.total.events).toBe(all._count._all);

    // A restart: a new runtime on the same database sends the fold the log holds.
    const restarted = testRunRuntime(t.db);
    await send(restarted, conversationId, "And now?");
    expect(roles(4)).toEqual([
      `system: ${PROMPT}`,
      `user: ${SUMMARY_PREFIX}\nLyon, and you asked twice.`,
      "user: And now?",
    ]);

    // A clear: the next request carries the system prompt and the new message only, and the run
    // records its system prompt again.
    const cleared = await clearConversation(restarted, conversationId);
    expect(cleared.event).toMatchObject({ runId: null, data: { clearedMessageCount: 3 } });
    const last = await send(restarted, conversationId, "Hello?");
    expect(roles(5)).toEqual([`system: ${PROMPT}`, "user: Hello?"]);
    const ofLast = (await readConversationEvents(t.db, conversationId)).filter((e) => e.runId === last.final.runId);
    expect(ofLast.map((e) => e.type)).toContain("LlmSystemPromptEvent");

    // The browser lists every fold, newest first, with what it needs.
    const list = await listCompactions(t.db, { conversationId, limit: 100 });
    expect(list.map((c) => [c.kind, c.strategyId, c.trigger, c.messagesFolded])).toEqual([
      ["cleared", "clear", "manual", 3],
      ["compacted", "summarize", "manual", 3],
      ["compacted", "summarize", "auto", 2],
    ]);
    expect(list[2]).toMatchObject({
      runId,
      tokensBefore: 900,
      summarizerPromptVersion: "v1",
      summarizer: { model: "openai-compatible:gpt-4o", inputTokens: 120, outputTokens: 7, priced: true },
    });
    expect(list[1]!.summarizer).toMatchObject({ inputTokens: 150 });
    expect(await listCompactions(t.db, { conversationId, strategy: "clear", limit: 100 })).toHaveLength(1);
    expect(await listCompactions(t.db, { agentId, strategy: "summarize", limit: 100 })).toHaveLength(2);
    expect(await listCompactions(t.db, { agentId, strategy: "sliding_window", limit: 100 })).toHaveLength(0);
    expect(await listCompactions(t.db, { agentId, from: new Date(Date.now() + 60_000), limit: 100 })).toHaveLength(0);
    const detail = await getCompaction(t.db, list[2]!.id);
    expect(detail.replaced.map((m) => [m.role, m.parts.map((p) => (p.type === "text" ? p.text : p.type))])).toEqual([
      ["user", ["I live in Lyon."]],
      ["assistant", ["Noted: Lyon."]],
    ]);
    expect(detail.kept).toEqual([]);
    expect(detail.run).toMatchObject({ id: runId, kind: "turn", status: "completed" });
  });

  it("degrades to a truncation marker when the provider fails the summary, and the run goes on", async () => {
    const { conversationId } = await agentWith("fragile");
    fake.reply(PATH, say("Noted.", 950), openaiReplies.error(500, "summarizer exploded"), say("Go on.", 40));
    await send(rt, conversationId, "Remember 42.");
    const second = await send(rt, conversationId, "What was it?");
    expect(second.final.status).toBe("completed");
    const events = await readConversationEvents(t.db, conversationId);
    const compacted = events.find((e) => e.type === "LlmContextCompactedEvent")!;
    expect(compacted.type === "LlmContextCompactedEvent" && isTruncationMarker(compacted.data.summary)).toBe(true);
    expect(roles(2)[1]).toContain("[Summary unavailable:");
    expect(roles(2)).toHaveLength(3);
    expect(await t.db.usageRecord.count({ where: { runId: second.final.runId } })).toBe(1);
  });

  it("folds with a sliding window without calling the provider", async () => {
    const { conversationId } = await agentWith("windowed", { strategy: "sliding_window", keepRecentMessages: 1 });
    fake.reply(PATH, say("One.", 100), say("Two.", 900), say("Three.", 30));
    await send(rt, conversationId, "first");
    await send(rt, conversationId, "second");
    await send(rt, conversationId, "third");
    expect(fake.requests).toHaveLength(3);
    expect(roles(2)).toEqual([
      `system: ${PROMPT}`,
      `user: ${SUMMARY_PREFIX}\n[3 earlier messages were dropped to keep the context within its window; the most recent messages follow verbatim.]`,
      "assistant: Two.",
      "user: third",
    ]);
  });

  it("refuses manual compact and clear while a run executes or waits for approval, and with nothing to fold", async () => {
    const { agentId, conversationId } = await agentWith("busy");
    // A turn claimed (its lease row), in this process or any other.
    const token = newLeaseToken();
    const job = { kind: "turn" as const, conversationId, token, content: "x", actor: { id: null, name: "t" } };
    expect(await claimLease(t.db, job)).toBe(true);
    await expect(compactConversation(rt, conversationId)).rejects.toMatchObject({ code: "RunInProgress" });
    await expect(clearConversation(rt, conversationId)).rejects.toMatchObject({ code: "RunInProgress" });
    await releaseLease(t.db, token);

    const row = await t.db.run.create({
      data: { conversationId, agentId, kind: "turn", depth: 0, model: "x:y", status: "running" },
    });
    await expect(compactConversation(rt, conversationId)).rejects.toMatchObject({ code: "RunInProgress" });
    await t.db.run.update({ where: { id: row.id }, data: { status: "suspended" } });
    await expect(clearConversation(rt, conversationId)).rejects.toMatchObject({ code: "RunSuspended" });
    await t.db.run.update({ where: { id: row.id }, data: { status: "completed" } });

    await expect(compactConversation(rt, conversationId)).rejects.toMatchObject({ code: "conflict" });
    await expect(clearConversation(rt, conversationId)).rejects.toMatchObject({ code: "conflict" });
    await expect(compactConversation(rt, "no-such-conversation")).rejects.toMatchObject({ code: "not_found" });
    expect(rt.active.size()).toBe(0);
    // Every refusal let go of its claim.
    expect(await t.db.runLease.count({ where: { conversationId } })).toBe(0);
    expect(fake.requests).toHaveLength(0);
  });
});
