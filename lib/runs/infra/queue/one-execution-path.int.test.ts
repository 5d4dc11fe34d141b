/**
 * One execution path in one process (`all`), on the real store: a turn, a resume and a manual
 * compaction each claim the conversation with a `RunLease` row, so whichever of them holds it, the
 * others are refused (409 RunInProgress) — the same claim queue mode uses across processes
 * (README.md). The job that executes a claim owns its lease while it runs and releases it when it
 * settles; a restart releases the claims a stopped process left.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedStudio } from "@/lib/db/seed-demo";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { closeServer } from "@/lib/server/server";
import { testRunRuntime } from "@/lib/server/testing/test-runtime";
import { RunInProgressError } from "../../engine/run-errors";
import type { TurnResult } from "../../engine/execute-turn";
import { createConversation } from "../../use-cases/create-conversation";
import { decideApproval } from "../../use-cases/decide-approval";
import { startTurn } from "../../use-cases/start-turn";
import { holdConversation } from "../hold-conversation";
import { recoverAtStart } from "../recover-at-start";
import type { RunRuntime } from "../runtime";
import { claimLease, newLeaseToken } from "./run-lease";

let t: TestDatabase;
let rt: RunRuntime;
let atlasId = "";
let billingId = "";
const ACTOR = { id: null, name: "path-test" };

beforeAll(async () => {
  t = await createTestDatabase();
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  atlasId = (await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } })).id;
  billingId = (await t.db.agent.findFirstOrThrow({ where: { name: "billing" } })).id;
  rt = testRunRuntime(t.db, { dialect: t.target.kind });
});
afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

const lease = (conversationId: string) => t.db.runLease.findUnique({ where: { conversationId } });

/** Holds the runtime's sandboxed calls until `release()`; `inTool` settles when the first one arrives. */
function holdSandboxCalls(runtime: RunRuntime) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inTool = new Promise<void>((r) => (entered = r));
  const invoke = runtime.deps.invokeSandbox;
  runtime.deps.invokeSandbox = async (request) => {
    entered();
    await gate;
    return invoke(request);
  };
  return { inTool, release, restore: () => (runtime.deps.invokeSandbox = invoke) };
}

describe("one execution path in one process", () => {
  it("a turn holds its claim while it runs, owned by this process, and lets go when it settles", async () => {
    const { id: conversationId } = await createConversation(t.db, { agentId: atlasId, createdById: null });
    const { inTool, release, restore } = holdSandboxCalls(rt);
    try {
      const turn = await startTurn(rt, { conversationId, content: "What is the population of Paris?", actor: ACTOR });
      await inTool;
      const held = await lease(conversationId);
      expect(held).toMatchObject({ kind: "turn", owner: rt.executor.owner });
      expect(rt.active.executes(held!.token)).toBe(true);
      const running = await t.db.run.findFirstOrThrow({ where: { conversationId, status: "running" } });

      // A second message is refused with the running run's id, and appends nothing.
      const events = await t.db.event.count({ where: { conversationId } });
      const second = startTurn(rt, { conversationId, content: "again", actor: ACTOR });
      await expect(second).rejects.toSatisfy((err) => RunInProgressError.is(err));
      await expect(second).rejects.toMatchObject({ details: { runId: running.id } });
      // So is a manual compaction's hold.
      await expect(holdConversation(rt, conversationId)).rejects.toMatchObject({ code: "RunInProgress" });

      release();
      const result = (await turn.done) as TurnResult;
      expect(result.final.status).toBe("completed");
      expect(await lease(conversationId)).toBeNull();
      expect(rt.active.size()).toBe(0);
      expect(await t.db.event.count({ where: { conversationId } })).toBeGreaterThan(events);
    } finally {
      restore();
    }
  });

  it("a decided approval resumes the run through the queue under a claim of its own, with its result", async () => {
    const { id: conversationId } = await createConversation(t.db, { agentId: billingId, createdById: null });
    const first = await startTurn(rt, {
      conversationId,
      content: "Please refund order A-1001, amount 25 dollars",
      actor: ACTOR,
    });
    const suspended = (await first.done) as TurnResult;
    expect(suspended.final).toMatchObject({ status: "suspended", stopReason: "awaiting_approval" });
    expect(await lease(conversationId)).toBeNull();
    const approval = await t.db.approval.findFirstOrThrow({ where: { conversationId, status: "pending" } });

    // While something else holds the conversation, a message is refused before any decision.
    const hold = await holdConversation(rt, conversationId);
    await expect(startTurn(rt, { conversationId, content: "hi", actor: ACTOR })).rejects.toMatchObject({
      code: "RunInProgress",
    });
    await hold.release();
    expect(await lease(conversationId)).toBeNull();

    // The approved refund runs inside the resume job: hold it there to look at the claim.
    const { inTool, release, restore } = holdSandboxCalls(rt);
    let resumed: TurnResult;
    try {
      const decided = await decideApproval(rt, {
        approvalId: approval.id,
        decision: "approve",
        reason: null,
        argumentsHash: approval.argumentsHash,
        actor: ACTOR,
      });
      expect(decided.resumed).not.toBeNull();
      await inTool;
      expect(await lease(conversationId)).toMatchObject({ kind: "resume", owner: rt.executor.owner });
      await expect(startTurn(rt, { conversationId, content: "hi", actor: ACTOR })).rejects.toMatchObject({
        code: "RunInProgress",
      });
      release();
      resumed = (await decided.resumed) as TurnResult;
    } finally {
      restore();
    }
    expect(resumed.final).toMatchObject({ runId: suspended.final.runId, status: "completed" });
    expect(await t.db.approval.findUniqueOrThrow({ where: { id: approval.id } })).toMatchObject({ status: "done" });
    expect(await lease(conversationId)).toBeNull();
  });

  it("a restart releases the claims a stopped process left, never one of its own", async () => {
    const { id: stale } = await createConversation(t.db, { agentId: atlasId, createdById: null });
    const job = { kind: "turn" as const, conversationId: stale, token: newLeaseToken(), content: "x", actor: ACTOR };
    expect(await claimLease(t.db, job)).toBe(true);
    await t.db.runLease.update({ where: { token: job.token }, data: { createdAt: new Date(Date.now() - 60_000) } });

    const restarted = testRunRuntime(t.db, { dialect: t.target.kind });
    const { id: fresh } = await createConversation(t.db, { agentId: atlasId, createdById: null });
    const own = await holdConversation(restarted, fresh);
    await recoverAtStart(restarted);
    expect(await lease(stale)).toBeNull();
    expect(await lease(fresh)).toMatchObject({ kind: "hold", owner: restarted.executor.owner });
    await own.release();
    const next = await startTurn(restarted, { conversationId: stale, content: "Hello", actor: ACTOR });
    expect(((await next.done) as TurnResult).final.status).toBe("completed");
  });
});
