import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { approvalRoutes } from "./testing/approval-routes";
import { settledRun, toolCallsAudited } from "@/lib/runs/testing/settled-run";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { closeServer } from "@/lib/server/server";
import { parseSse } from "@/lib/runs/testing/sse";
import * as conversations from "../conversations/route";
import * as reconcile from "./[id]/reconcile/route";
import { server } from "@/lib/server/server";
import { recoverInterruptedRuns } from "@/lib/runs/infra/store/recover-interrupted-runs";
import { authenticateAs } from "@/lib/api/testing/authenticate-as";
import { DEMO_TOOL_SOURCES } from "@/lib/demo/demo-tools";
import type { Principal } from "@/lib/auth/roles";
import * as agents from "../agents/route";
import * as tool from "../tools/[id]/route";
import * as approvalsList from "./route";

let t: TestDatabase;
const ADMIN = "approvals-int-admin-token-0123456789";
const savedEnv = { ...process.env };
let billingId = "";
let refundId = "";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  billingId = (await t.db.agent.findFirstOrThrow({ where: { name: "billing" } })).id;
  refundId = (await t.db.tool.findFirstOrThrow({ where: { name: "refund" } })).id;
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

const { send, decide, log } = approvalRoutes(ADMIN);

async function suspendedRefund() {
  const c = await callRoute(conversations.POST, "/api/conversations", { body: { agentId: billingId }, bearer: ADMIN });
  const res = await send(c.json.id, { content: "Please refund order A-1001, amount 25 dollars" });
  const frames = parseSse(res.json).filter((f) => f.id !== null);
  const requested = frames.find((f) => f.event === "ApprovalRequested")!.data;
  return { conversationId: c.json.id as string, frames, requested };
}

const refundsAudited = (runId: string) => toolCallsAudited(t.db, "refund", runId);

const settled = (runId: string) => settledRun(t.db, runId);

describe("approvals: the billing agent's gated refund", () => {
  it("suspends before the refund runs, with one approval carrying the frozen arguments and their hash", async () => {
    const { frames, requested } = await suspendedRefund();
    expect(frames.at(-1)!.data.data).toMatchObject({ status: "suspended", stopReason: "awaiting_approval" });
    expect(requested.data).toMatchObject({ toolName: "refund", arguments: { orderId: "A-1001" } });
    expect(requested.data.argumentsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(frames.some((f) => f.event === "ToolReturnEvent")).toBe(false);
    const approval = await t.db.approval.findUniqueOrThrow({ where: { id: requested.data.approvalId } });
    expect(approval.status).toBe("pending");
    // What will run is bound too: billing's pinned version of the refund tool, in the log and the inbox.
    const target = { kind: "tool", toolId: refundId, toolVersion: 1 };
    expect(requested.data.target).toEqual(target);
    const inbox = await callRoute(approvalsList.GET, "/api/approvals", { bearer: ADMIN });
    expect(inbox.json.approvals.find((a: { id: string }) => a.id === requested.data.approvalId).target).toEqual(target);
  });

  it("refuses a message while suspended (409 RunSuspended naming the approvals) and appends nothing", async () => {
    const { conversationId, requested } = await suspendedRefund();
    const before = (await log(conversationId)).length;
    const res = await send(conversationId, { content: "hello?" });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: "RunSuspended",
      approvals: [{ id: requested.data.approvalId, toolName: "refund" }],
    });
    expect((await log(conversationId)).length).toBe(before);
  });

  it("refuses a decision naming other arguments (409 ApprovalMismatch) and changes nothing", async () => {
    const { requested } = await suspendedRefund();
    const res = await decide(requested.data.approvalId, { decision: "approve", argumentsHash: "0".repeat(64) });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("ApprovalMismatch");
    expect((await t.db.approval.findUniqueOrThrow({ where: { id: requested.data.approvalId } })).status).toBe(
      "pending",
    );
  });

  it("executes an approved call exactly once under twenty concurrent approvals, then resumes the same run to its answer", async () => {
    const { conversationId, requested } = await suspendedRefund();
    const id = requested.data.approvalId;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        decide(id, { decision: "approve", argumentsHash: requested.data.argumentsHash }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const run = await settled(requested.runId);
    expect(run.status).toBe("completed");
    const all = await log(conversationId);
    expect(all.filter((e) => e.type === "ApprovalDecided")).toHaveLength(1);
    const returns = all.filter((e) => e.type === "ToolReturnEvent" && e.data.toolCallId === requested.data.toolCallId);
    expect(returns).toHaveLength(1);
    expect(returns[0].data.success).toBe(true);
    expect((await t.db.approval.findUniqueOrThrow({ where: { id } })).status).toBe("done");
    expect(await refundsAudited(requested.runId)).toBe(1);
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    const finished = all.filter((e) => e.type === "RunFinished" && e.runId === requested.runId);
    expect(finished.map((e) => e.data.status)).toEqual(["suspended", "completed"]);
    // What the refund emitted through ctx.emit is in the log once, after its return, numbered per tool.
    const emitted = all.filter((e) => e.type === "ToolStateEvent");
    expect(emitted.map((e) => [e.runId, e.data])).toEqual([
      [
        requested.runId,
        { toolId: refundId, toolName: "refund", toolSeq: 1, payload: { refunded: "A-1001", amountUsd: 25 } },
      ],
    ]);
    expect(emitted[0].seq).toBeGreaterThan(returns[0].seq);
    // The same decision again answers the same outcome; the other decision is refused.
    expect((await decide(id, { decision: "approve", argumentsHash: requested.data.argumentsHash })).status).toBe(200);
    const other = await decide(id, { decision: "deny", argumentsHash: requested.data.argumentsHash });
    expect(other.status).toBe(409);
    expect(other.json.error.code).toBe("ApprovalDecided");
  });

  it("answers a denied call with the approver's reason and never runs it", async () => {
    const { conversationId, requested } = await suspendedRefund();
    const res = await decide(requested.data.approvalId, {
      decision: "deny",
      reason: "order already refunded",
      argumentsHash: requested.data.argumentsHash,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "denied", reason: "order already refunded" });
    await settled(requested.runId);
    const all = await log(conversationId);
    const toolMessage = all.find(
      (e) => e.type === "LlmMessageEvent" && e.data.role === "tool" && e.runId === requested.runId,
    )!;
    expect(JSON.stringify(toolMessage.data.parts)).toContain("order already refunded");
    expect(all.find((e) => e.type === "ToolReturnEvent")!.data).toMatchObject({
      success: false,
      errorType: "ApprovalDenied",
    });
    expect(await refundsAudited(requested.runId)).toBe(0);
  });

  it("supersede: true denies the pending calls, finishes the old run superseded and starts the new run", async () => {
    const { conversationId, requested } = await suspendedRefund();
    const res = await send(conversationId, { content: "Never mind, what can you do?", supersede: true });
    expect(res.status).toBe(200);
    const frames = parseSse(res.json).filter((f) => f.id !== null);
    expect(frames[0].event).toBe("ApprovalDecided");
    expect(frames[0].data.data).toMatchObject({ decision: "deny", reason: "superseded by a new user message" });
    const oldFinished = frames.find((f) => f.event === "RunFinished" && f.data.runId === requested.runId)!;
    expect(oldFinished.data.data.stopReason).toBe("superseded");
    expect(frames.at(-1)!.data.data).toMatchObject({ status: "completed", stopReason: "end_turn" });
    expect((await t.db.approval.findUniqueOrThrow({ where: { id: requested.data.approvalId } })).status).toBe("denied");
    // The denial is in the audit log, under the user who superseded (the admin token).
    const audited = await t.db.auditLog.findMany({
      where: { action: "approval.decide", target: `approval:${requested.data.approvalId}` },
    });
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: "system" });
    expect(audited[0].details).toMatchObject({
      decision: "deny",
      reason: "superseded by a new user message",
      superseded: true,
      toolName: "refund",
      runId: requested.runId,
      conversationId,
    });
  });

  it("a crash while an approved call executes leaves it outcome_unknown, never re-run; a person retries it once", async () => {
    const { conversationId, requested } = await suspendedRefund();
    // The state a process dies in: the run resumed, the approved call claimed as executing.
    await t.db.approval.update({
      where: { id: requested.data.approvalId },
      data: { status: "executing", decision: "approve", decidedBy: "admin" },
    });
    await t.db.run.update({ where: { id: requested.runId }, data: { status: "running" } });
    const rt = server().runtime;
    expect(await recoverInterruptedRuns(rt.db, rt.deps.store)).toContain(requested.runId);
    expect((await t.db.approval.findUniqueOrThrow({ where: { id: requested.data.approvalId } })).status).toBe(
      "outcome_unknown",
    );
    const all = await log(conversationId);
    expect(all.at(-1)!.data).toMatchObject({ status: "interrupted", stopReason: "interrupted" });
    expect(all.find((e) => e.type === "ToolReturnEvent")!.data).toMatchObject({
      success: false,
      errorType: "OutcomeUnknown",
    });
    expect(await refundsAudited(requested.runId)).toBe(0);

    const again = await callRoute(reconcile.POST, `/api/approvals/${requested.data.approvalId}/reconcile`, {
      params: { id: requested.data.approvalId },
      body: { action: "retry" },
      bearer: ADMIN,
    });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: "done", result: { ok: true } });
    // The retry went through the dispatch chain: audited as a call of the refund, once.
    expect(await refundsAudited(requested.runId)).toBe(1);
    // What the retried refund emitted is in the log, once.
    const stateEvents = async () => (await log(conversationId)).filter((e) => e.type === "ToolStateEvent");
    expect((await stateEvents()).map((e) => [e.runId, e.data.toolName, e.data.toolSeq, e.data.payload])).toEqual([
      [requested.runId, "refund", 1, { refunded: "A-1001", amountUsd: 25 }],
    ]);
    const twice = await callRoute(reconcile.POST, `/api/approvals/${requested.data.approvalId}/reconcile`, {
      params: { id: requested.data.approvalId },
      body: { action: "retry" },
      bearer: ADMIN,
    });
    expect(twice.status).toBe(409);
    expect(await stateEvents()).toHaveLength(1);
    // The conversation accepts its next message.
    const next = await send(conversationId, { content: "Thanks, what else can you do?" });
    expect(next.status).toBe(200);
  });
});

describe("approvals: refused input and unknown ids", () => {
  const issuePaths = (json: { error: { issues: Array<{ path: string }> } }) => json.error.issues.map((i) => i.path);

  it("a decision with a malformed hash or decision is a 400 naming the field, and changes nothing", async () => {
    const { requested } = await suspendedRefund();
    const id = requested.data.approvalId;
    const badHash = await decide(id, { decision: "approve", argumentsHash: "abc" });
    expect(badHash.status).toBe(400);
    expect(badHash.json.error.code).toBe("validation_error");
    expect(issuePaths(badHash.json)).toEqual(["argumentsHash"]);
    const badDecision = await decide(id, { decision: "maybe", argumentsHash: requested.data.argumentsHash });
    expect(badDecision.status).toBe(400);
    expect(badDecision.json.error.issues[0]).toMatchObject({
      path: "decision",
      message: 'decision is "approve" or "deny"',
    });
    const extra = await decide(id, { decision: "approve", argumentsHash: requested.data.argumentsHash, by: "me" });
    expect(extra.status).toBe(400);
    expect((await t.db.approval.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
  });

  it("deciding or reconciling an approval that does not exist is a 404", async () => {
    const decided = await decide("no-such-approval", { decision: "approve", argumentsHash: "0".repeat(64) });
    expect(decided.status).toBe(404);
    expect(decided.json.error.code).toBe("not_found");
    const reconciled = await callRoute(reconcile.POST, "/api/approvals/no-such-approval/reconcile", {
      params: { id: "no-such-approval" },
      body: { action: "retry" },
      bearer: ADMIN,
    });
    expect(reconciled.status).toBe(404);
    expect(reconciled.json.error.code).toBe("not_found");
  });

  it("a reconciliation names its action: anything else is a 400 naming it", async () => {
    const { requested } = await suspendedRefund();
    const res = await callRoute(reconcile.POST, `/api/approvals/${requested.data.approvalId}/reconcile`, {
      params: { id: requested.data.approvalId },
      body: { action: "later" },
      bearer: ADMIN,
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.json)).toEqual(["action"]);
  });

  it("marks a call whose outcome is unknown done with what it returned, once", async () => {
    const { requested } = await suspendedRefund();
    const id = requested.data.approvalId;
    await t.db.approval.update({
      where: { id },
      data: { status: "outcome_unknown", decision: "approve", decidedBy: "admin", decidedAt: new Date() },
    });
    const done = await callRoute(reconcile.POST, `/api/approvals/${id}/reconcile`, {
      params: { id },
      body: { action: "done", result: { refunded: 25 } },
      bearer: ADMIN,
    });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({
      id,
      status: "done",
      decision: "approve",
      result: { ok: true, result: { refunded: 25 } },
      outcome: { ok: true },
    });
    expect(done.json.result.reconciledBy).toEqual(expect.any(String));
    expect(await refundsAudited(requested.runId)).toBe(0);
    const again = await callRoute(reconcile.POST, `/api/approvals/${id}/reconcile`, {
      params: { id },
      body: { action: "done" },
      bearer: ADMIN,
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("ApprovalDecided");
  });
});

/** A principal of the route tests (through authenticateAs), for a user row that exists. */
async function userWith(name: string, roles: Principal["roles"]): Promise<Principal> {
  const user = await t.db.user.create({
    data: { email: `${name}@example.com`, name, passwordHash: "x", roles: roles.join(",") },
  });
  return { kind: "user", id: user.id, name, roles };
}

describe("approvals: superseding a run that waits on approvals", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is refused to an operator who may not decide approvals (409 RunSuspended), and changes nothing", async () => {
    const { conversationId, requested } = await suspendedRefund();
    const before = await log(conversationId);
    authenticateAs(await userWith("oper-only", ["operator"]));
    const res = await send(conversationId, { content: "Forget the refund", supersede: true });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: "RunSuspended",
      approvals: [{ id: requested.data.approvalId, toolName: "refund" }],
    });
    expect(res.json.error.message).toMatch(/approver/);
    expect(await log(conversationId)).toEqual(before);
    expect((await t.db.approval.findUniqueOrThrow({ where: { id: requested.data.approvalId } })).status).toBe(
      "pending",
    );
    expect(
      await t.db.auditLog.count({
        where: { action: "approval.decide", target: `approval:${requested.data.approvalId}` },
      }),
    ).toBe(0);
  });

  it("is done by an operator who is also an approver: each denial audited under that user", async () => {
    const { conversationId, requested } = await suspendedRefund();
    const both = await userWith("oper-approver", ["operator", "approver"]);
    authenticateAs(both);
    const res = await send(conversationId, { content: "Forget the refund", supersede: true });
    expect(res.status).toBe(200);
    const approval = await t.db.approval.findUniqueOrThrow({ where: { id: requested.data.approvalId } });
    expect(approval).toMatchObject({ status: "denied", decidedById: both.id, decidedBy: "oper-approver" });
    const audited = await t.db.auditLog.findMany({
      where: { action: "approval.decide", target: `approval:${requested.data.approvalId}` },
    });
    expect(audited.map((a) => [a.actorId, a.actor])).toEqual([[both.id, "oper-approver"]]);
  });
});

describe("approvals bind the code that runs, not only the arguments", () => {
  const REFUND_V2 = DEMO_TOOL_SOURCES.refund.replace("confirmation R-", "confirmation X-");

  it("a tool version saved between the request and the decision (the agent follows the latest): the decision succeeds, the call is answered ApprovalStale and nothing runs", async () => {
    // An agent following the refund tool's latest version: each run (a resumed one too) takes the newest.
    const agentBody = {
      name: "refunds-latest",
      description: "Refunds orders with the latest refund tool; every refund waits for a human.",
      model: {
        provider: "scripted",
        model: "refunds-latest-script",
        script: [
          { toolCalls: [{ toolName: "refund", args: { orderId: "C-3003", amountUsd: 7 } }] },
          { text: "The refund did not go through." },
        ],
      },
      tools: [{ toolId: refundId, follow: "latest" }],
    };
    const created = await callRoute(agents.POST, "/api/agents", { bearer: ADMIN, body: agentBody });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const latest = await t.db.toolVersion.findFirstOrThrow({
      where: { toolId: refundId },
      orderBy: { version: "desc" },
    });
    const c = await callRoute(conversations.POST, "/api/conversations", {
      body: { agentId: created.json.agent.id },
      bearer: ADMIN,
    });
    const res = await send(c.json.id, { content: "Refund C-3003" });
    const requested = parseSse(res.json).find((f) => f.event === "ApprovalRequested")!.data;
    expect(requested.data.target).toEqual({ kind: "tool", toolId: refundId, toolVersion: latest.version });

    const saved = await callRoute(tool.PUT, `/api/tools/${refundId}`, {
      method: "PUT",
      params: { id: refundId },
      body: { source: REFUND_V2 },
      bearer: ADMIN,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);

    const decided = await decide(requested.data.approvalId, {
      decision: "approve",
      argumentsHash: requested.data.argumentsHash,
    });
    expect(decided.status).toBe(200);
    expect(decided.json).toMatchObject({ decision: "approve", target: requested.data.target });
    const run = await settled(requested.runId);
    expect(run.status).toBe("completed");
    const all = await log(c.json.id);
    const ret = all.find((e) => e.type === "ToolReturnEvent" && e.data.toolCallId === requested.data.toolCallId)!;
    expect(ret.data).toMatchObject({ success: false, errorType: "ApprovalStale" });
    const toolMessage = all.find((e) => e.type === "LlmMessageEvent" && e.data.role === "tool")!;
    expect(JSON.stringify(toolMessage.data.parts)).toMatch(/not executed/i);
    // Nothing ran: no audited call, nothing emitted, and the approval records why.
    expect(await refundsAudited(requested.runId)).toBe(0);
    expect(all.filter((e) => e.type === "ToolStateEvent")).toEqual([]);
    const approval = await t.db.approval.findUniqueOrThrow({ where: { id: requested.data.approvalId } });
    expect(approval).toMatchObject({ status: "done", result: { ok: false, error: { type: "ApprovalStale" } } });
    // The inbox's decided list says it failed, and why: the status stays done, the outcome does not.
    const decidedList = await callRoute(approvalsList.GET, "/api/approvals?status=decided", { bearer: ADMIN });
    const listed = decidedList.json.approvals.find((a: { id: string }) => a.id === approval.id);
    expect(listed).toMatchObject({
      status: "done",
      outcome: { ok: false, errorType: "ApprovalStale", message: expect.stringMatching(/\S/) },
    });
  });
});

describe("approvals: a reconciliation that fails", () => {
  afterEach(() => vi.restoreAllMocks());

  async function unknownOutcome() {
    const held = await suspendedRefund();
    await t.db.approval.update({
      where: { id: held.requested.data.approvalId },
      data: { status: "outcome_unknown", decision: "approve", decidedBy: "admin", decidedAt: new Date() },
    });
    await t.db.run.update({ where: { id: held.requested.runId }, data: { status: "interrupted" } });
    return held;
  }
  const retry = (id: string) =>
    callRoute(reconcile.POST, `/api/approvals/${id}/reconcile`, {
      params: { id },
      body: { action: "retry" },
      bearer: ADMIN,
    });
  const attempts = (id: string) =>
    t.db.auditLog.findMany({
      where: { action: "approval.decide", target: `approval:${id}` },
      orderBy: { createdAt: "asc" },
    });

  it("failing before the call runs (the agent cannot be loaded) leaves the call outcome_unknown, audited", async () => {
    const { requested } = await unknownOutcome();
    const id = requested.data.approvalId;
    // The version the run runs no longer parses (the agent row is written too, as every change does).
    const where = { agentId_version: { agentId: billingId, version: 1 } };
    const stored = await t.db.agentVersion.findUniqueOrThrow({ where });
    const agent = await t.db.agent.findUniqueOrThrow({ where: { id: billingId } });
    await t.db.agentVersion.update({ where, data: { config: { broken: true } } });
    await t.db.agent.update({ where: { id: billingId }, data: { config: agent.config as never } });
    try {
      const res = await retry(id);
      expect(res.status).toBeGreaterThanOrEqual(400);
    } finally {
      await t.db.agentVersion.update({ where, data: { config: stored.config as never } });
      await t.db.agent.update({ where: { id: billingId }, data: { config: agent.config as never } });
    }
    expect((await t.db.approval.findUniqueOrThrow({ where: { id } })).status).toBe("outcome_unknown");
    expect(await refundsAudited(requested.runId)).toBe(0);
    const audited = await attempts(id);
    expect(audited).toHaveLength(1);
    expect(audited[0].details).toMatchObject({ reconcile: "retry", ok: false });
    // The call can still be retried (or marked done) once the agent loads again.
    const again = await retry(id);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: "done", result: { ok: true } });
    expect(await attempts(id)).toHaveLength(2);
  });

  it("failing after the claim rolls the call back to outcome_unknown, audited; a later retry runs it", async () => {
    const { requested } = await unknownOutcome();
    const id = requested.data.approvalId;
    const store = server().runtime.deps.store;
    vi.spyOn(store, "audit").mockRejectedValueOnce(new Error("audit log unavailable"));
    const res = await retry(id);
    expect(res.status).toBe(500);
    expect((await t.db.approval.findUniqueOrThrow({ where: { id } })).status).toBe("outcome_unknown");
    const audited = await attempts(id);
    expect(audited).toHaveLength(1);
    expect(audited[0].details).toMatchObject({ reconcile: "retry", ok: false });
    const again = await retry(id);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: "done", result: { ok: true } });
    expect(await attempts(id)).toHaveLength(2);
  });
});
