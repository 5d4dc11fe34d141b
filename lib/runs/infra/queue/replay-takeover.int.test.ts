/**
 * A `replay` job taken over (take-over-run.ts; docs/time-travel.md, "Replay"): a replay no worker
 * started runs from the start; one a stopped worker was executing is not continued — it ends
 * `failed` and its claim is released.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentInput } from "../../../agents/agent-input.shared";
import { createAgent } from "../../../agents/save-agent";
import { createTestDatabase, type TestDatabase } from "../../../db/testing/test-database";
import { closeServer } from "../../../server/server";
import { testRunRuntime } from "../../../server/testing/test-runtime";
import { createConversation } from "../../use-cases/create-conversation";
import { startTurn } from "../../use-cases/start-turn";
import type { RunRuntime } from "../runtime";
import { readConversationEvents } from "../store/prisma-run-store";
import type { JobContext } from "./execute-job";
import type { RunJob } from "./run-job";
import { claimLease, HANDED_BACK, newLeaseToken } from "./run-lease";
import { deliverJob } from "./take-over-run";

let t: TestDatabase;
let rt: RunRuntime;
let ctx: JobContext;
let agentId: string;
let originalId: string;
let throughSeq: number;

beforeAll(async () => {
  t = await createTestDatabase();
  rt = testRunRuntime(t.db);
  ctx = { rt, lease: { owner: "worker-test", leaseMs: 10_000, onSettled: async () => {} } };
  agentId = (await createAgent(t.db, AgentInput.parse({ name: "plain", model: { provider: "demo", model: "demo" } })))
    .id;
  originalId = (await createConversation(t.db, { agentId, createdById: null })).id;
  for (const content of ["What is the population of Paris?", "And Lyon?"]) {
    const started = await startTurn(rt, { conversationId: originalId, content, actor: { id: null, name: "test" } });
    await started.done;
  }
  throughSeq = (await t.db.conversation.findUniqueOrThrow({ where: { id: originalId } })).lastSeq;
});

afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

/** A replay conversation claimed by a worker that stopped (its lease handed back, so it lapses at once). */
async function lapsedReplay(replayStatus: "queued" | "running") {
  const { id: conversationId } = await createConversation(t.db, { agentId, createdById: null });
  await t.db.conversation.update({
    where: { id: conversationId },
    data: { replayOfId: originalId, replayToolResults: "recorded", replayStatus },
  });
  const job: RunJob = {
    kind: "replay",
    conversationId,
    token: newLeaseToken(),
    originalId,
    throughSeq,
    toolResults: "recorded",
    followModel: true,
    followVersion: true,
    actor: { id: null, name: "test" },
  };
  expect(await claimLease(t.db, job)).toBe(true);
  await t.db.runLease.update({
    where: { token: job.token },
    data: { owner: HANDED_BACK, leaseUntil: new Date(Date.now() - 1) },
  });
  return { conversationId, job };
}

const userTexts = async (conversationId: string) =>
  (await readConversationEvents(t.db, conversationId, 0)).flatMap((e) =>
    e.type === "LlmMessageEvent" && e.data.role === "user"
      ? e.data.parts.flatMap((p) => (p.type === "text" ? [p.text] : []))
      : [],
  );
const status = async (id: string) => (await t.db.conversation.findUniqueOrThrow({ where: { id } })).replayStatus;

describe("a replay job taken over", () => {
  it("runs from the start when no worker had started it", async () => {
    const { conversationId, job } = await lapsedReplay("queued");
    await deliverJob(ctx, job);
    expect(await status(conversationId)).toBe("completed");
    expect(await userTexts(conversationId)).toEqual(["What is the population of Paris?", "And Lyon?"]);
    expect(await t.db.runLease.count({ where: { conversationId } })).toBe(0);
  });

  it("ends failed, not continued, when a stopped worker was executing it", async () => {
    const { conversationId, job } = await lapsedReplay("running");
    await deliverJob(ctx, job);
    expect(await status(conversationId)).toBe("failed");
    expect(await userTexts(conversationId)).toEqual([]);
    expect(await t.db.runLease.count({ where: { conversationId } })).toBe(0);
  });
});
