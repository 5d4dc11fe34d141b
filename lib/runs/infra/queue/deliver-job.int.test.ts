/**
 * A worker's delivery of a queued job (take-over-run.ts, deliverJob): the lease row is the
 * authority. Its payload runs, not the job's body; a claim some worker already held is taken over,
 * never started a second time; a claim that is gone or held elsewhere is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentInput } from "../../../agents/agent-input.shared";
import { createAgent } from "../../../agents/save-agent";
import { createTestDatabase, type TestDatabase } from "../../../db/testing/test-database";
import { closeServer } from "../../../server/server";
import { testRunRuntime } from "../../../server/testing/test-runtime";
import { createConversation } from "../../use-cases/create-conversation";
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

beforeAll(async () => {
  t = await createTestDatabase();
  rt = testRunRuntime(t.db);
  ctx = { rt, lease: { owner: "worker-test", leaseMs: 10_000, onSettled: async () => {} } };
  const agent = await createAgent(
    t.db,
    AgentInput.parse({ name: "plain", model: { provider: "demo", model: "demo" } }),
  );
  agentId = agent.id;
});

afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

type TurnJob = Extract<RunJob, { kind: "turn" }>;

async function claimed(content: string): Promise<{ conversationId: string; job: TurnJob }> {
  const { id: conversationId } = await createConversation(t.db, { agentId, createdById: null });
  const job: TurnJob = {
    kind: "turn",
    conversationId,
    token: newLeaseToken(),
    content,
    actor: { id: null, name: "test" },
  };
  expect(await claimLease(t.db, job)).toBe(true);
  return { conversationId, job };
}

const userTexts = async (conversationId: string) =>
  (await readConversationEvents(t.db, conversationId, 0)).flatMap((e) =>
    e.type === "LlmMessageEvent" && e.data.role === "user"
      ? e.data.parts.flatMap((p) => (p.type === "text" ? [p.text] : []))
      : [],
  );
const runStarts = async (conversationId: string) =>
  (await readConversationEvents(t.db, conversationId, 0)).filter((e) => e.type === "RunStarted").length;

describe("deliverJob", () => {
  it("runs the lease row's payload, not the job's body", async () => {
    const { conversationId, job } = await claimed("What is the population of Paris?");
    await deliverJob(ctx, { ...job, content: "Refund order 1001 in full" });
    expect(await userTexts(conversationId)).toEqual(["What is the population of Paris?"]);
    expect(await t.db.runLease.count({ where: { conversationId } })).toBe(0);
  });

  it("a claim handed back before its run started is run once, from the start", async () => {
    const { conversationId, job } = await claimed("hello");
    await t.db.runLease.update({
      where: { token: job.token },
      data: { owner: HANDED_BACK, leaseUntil: new Date(Date.now() - 1) },
    });
    await deliverJob(ctx, job);
    await deliverJob(ctx, job); // a repeated delivery finds the claim settled
    expect(await runStarts(conversationId)).toBe(1);
  });

  it("a claim another worker holds (its lease not lapsed) is left alone", async () => {
    const { conversationId, job } = await claimed("hello");
    await t.db.runLease.update({
      where: { token: job.token },
      data: { owner: "worker-other", leaseUntil: new Date(Date.now() + 60_000) },
    });
    await deliverJob(ctx, job);
    expect(await runStarts(conversationId)).toBe(0);
    expect((await t.db.runLease.findUnique({ where: { token: job.token } }))?.owner).toBe("worker-other");
  });

  it("a job whose claim is gone (settled, or never made) does nothing", async () => {
    const { id: conversationId } = await createConversation(t.db, { agentId, createdById: null });
    await deliverJob(ctx, {
      kind: "turn",
      conversationId,
      token: newLeaseToken(),
      content: "hi",
      actor: { id: null, name: "x" },
    });
    expect(await runStarts(conversationId)).toBe(0);
  });
});
