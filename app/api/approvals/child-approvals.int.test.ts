/**
 * Approvals inside an agent called as a tool: `support` delegates a refund to the demo agent
 * `billing`, whose refund waits for an approver. The child run suspends and holds its caller's call
 * open (the caller suspends too); a decision resumes the child, and its answer flows back into the
 * caller's call, which then finishes the turn. A new message with `supersede` ends the whole chain.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { approvalRoutes, type LoggedEvent } from "./testing/approval-routes";
import { settledRun, toolCallsAudited } from "@/lib/runs/testing/settled-run";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { closeServer } from "@/lib/server/server";
import { parseSse } from "@/lib/runs/testing/sse";
import * as agents from "../agents/route";
import * as conversations from "../conversations/route";
import * as approvalsRoute from "./route";
import { server } from "@/lib/server/server";
import { recoverInterruptedRuns } from "@/lib/runs/infra/store/recover-interrupted-runs";

let t: TestDatabase;
const ADMIN = "child-approvals-admin-token-0123456789";
const savedEnv = { ...process.env };
let supportId = "";
let deskId = "";
const TASK = "Please refund order A-1001, amount 25 dollars";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  const billing = await t.db.agent.findFirstOrThrow({ where: { name: "billing" } });
  const created = await callRoute(agents.POST, "/api/agents", {
    bearer: ADMIN,
    body: {
      name: "support",
      description: "Answers customers; billing handles refunds.",
      prompt: { template: "You are support. Delegate refunds to billing.", params: {} },
      model: {
        provider: "scripted",
        model: "support-script",
        script: [
          { toolCalls: [{ toolName: "billing", args: { task: TASK } }] },
          { text: "Billing has handled your refund request." },
          { text: "Anything else I can do?" },
        ],
      },
      tools: [{ agentId: billing.id, sideEffecting: true }],
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  supportId = created.json.agent.id;
  const refund = await t.db.tool.findFirstOrThrow({ where: { name: "refund" } });
  const desk = await callRoute(agents.POST, "/api/agents", {
    bearer: ADMIN,
    body: {
      name: "desk",
      description: "Refunds one order itself and has billing refund another, in one step.",
      model: {
        provider: "scripted",
        model: "desk-script",
        script: [
          {
            toolCalls: [
              { toolName: "refund", args: { orderId: "B-2002", amountUsd: 10 } },
              { toolName: "billing", args: { task: TASK } },
            ],
          },
          { text: "Both refunds are done." },
        ],
      },
      tools: [{ toolId: refund.id }, { agentId: billing.id, sideEffecting: true }],
    },
  });
  expect(desk.status, JSON.stringify(desk.json)).toBe(201);
  deskId = desk.json.agent.id;
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

const { send, decide, log } = approvalRoutes(ADMIN);

/** A support conversation whose delegated refund waits for a decision. */
async function heldRefund() {
  const c = await callRoute(conversations.POST, "/api/conversations", { body: { agentId: supportId }, bearer: ADMIN });
  const res = await send(c.json.id, { content: "I was charged twice for order A-1001." });
  const frames = parseSse(res.json).filter((f) => f.id !== null);
  const requested = frames.find((f) => f.event === "ApprovalRequested")!.data;
  const parent = frames.find((f) => f.event === "RunStarted" && f.data.data.kind === "turn")!.data.runId as string;
  return { conversationId: c.json.id as string, frames, requested, parentRunId: parent, childRunId: requested.runId };
}

const settled = (runId: string) => settledRun(t.db, runId);

const refundsRun = (runId: string) => toolCallsAudited(t.db, "refund", runId);

const finishes = (all: LoggedEvent[], runId: string) =>
  all.filter((e) => e.type === "RunFinished" && e.runId === runId).map((e) => `${e.data.status}/${e.data.stopReason}`);

describe("approvals inside an agent called as a tool", () => {
  it("suspends the child at its gated call and the caller with its call open; the conversation names the child's approval", async () => {
    const { conversationId, frames, requested, parentRunId, childRunId } = await heldRefund();
    expect(childRunId).not.toBe(parentRunId);
    expect(requested.data).toMatchObject({ toolName: "refund", arguments: { orderId: "A-1001" } });
    const child = await t.db.run.findUniqueOrThrow({ where: { id: childRunId } });
    expect(child).toMatchObject({ kind: "child", parentRunId, status: "suspended", stopReason: "awaiting_approval" });
    const call = frames.find((f) => f.event === "ToolCallEvent" && f.data.runId === parentRunId)!.data.data;
    expect(child.parentToolCallId).toBe(call.toolCallId);
    // The caller's call has no answer yet: no return, no tool message, and the caller is suspended.
    expect(frames.some((f) => f.event === "ToolReturnEvent" && f.data.runId === parentRunId)).toBe(false);
    expect(frames.at(-1)!.data).toMatchObject({
      runId: parentRunId,
      type: "RunFinished",
      data: { status: "suspended", stopReason: "awaiting_approval" },
    });

    // The inbox names the asking agent and the agent that waits on it.
    const inbox = await callRoute(approvalsRoute.GET, "/api/approvals", { bearer: ADMIN });
    const listed = inbox.json.approvals.find((a: { id: string }) => a.id === requested.data.approvalId);
    expect(listed).toMatchObject({ agentName: "billing", caller: { agentId: supportId, agentName: "support" } });

    const refused = await send(conversationId, { content: "hello?" });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: "RunSuspended",
      approvals: [{ id: requested.data.approvalId, toolName: "refund" }],
    });
  });

  it("approving runs the refund once in the child, and the child's answer flows back into the caller, which finishes", async () => {
    const { conversationId, requested, parentRunId, childRunId } = await heldRefund();
    const res = await decide(requested.data.approvalId, {
      decision: "approve",
      argumentsHash: requested.data.argumentsHash,
    });
    expect(res.status).toBe(200);
    expect((await settled(childRunId)).status).toBe("completed");
    expect((await settled(parentRunId)).status).toBe("completed");
    expect(await refundsRun(childRunId)).toBe(1);

    const all = await log(conversationId);
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    expect(finishes(all, childRunId)).toEqual(["suspended/awaiting_approval", "completed/end_turn"]);
    expect(finishes(all, parentRunId)).toEqual(["suspended/awaiting_approval", "completed/end_turn"]);
    // The child's final answer is the caller's tool result, named by one ToolReturnEvent.
    const childAnswer = all.filter((e) => e.type === "LlmMessageEvent" && e.runId === childRunId).at(-1)!;
    const answerText = childAnswer.data.parts.find((p: { type: string }) => p.type === "text").text as string;
    expect(answerText).toMatch(/A-1001/);
    const returns = all.filter((e) => e.type === "ToolReturnEvent" && e.runId === parentRunId);
    expect(returns).toHaveLength(1);
    expect(returns[0].data).toMatchObject({ toolName: "billing", success: true, childRunId });
    expect(returns[0].data.durationMs).toBeGreaterThan(0);
    const toolMessage = all.find(
      (e) => e.type === "LlmMessageEvent" && e.runId === parentRunId && e.data.role === "tool",
    )!;
    expect(toolMessage.data.parts[0].output).toEqual({ type: "text", value: answerText });
    // The caller answered after its call was answered.
    const finalAnswer = all.filter((e) => e.type === "LlmMessageEvent" && e.runId === parentRunId).at(-1)!;
    expect(finalAnswer.seq).toBeGreaterThan(toolMessage.seq);
    expect(finalAnswer.data.parts[0].text).toBe("Billing has handled your refund request.");

    // The conversation goes on with a valid context.
    const next = await send(conversationId, { content: "Thanks!" });
    expect(next.status).toBe(200);
    const frames = parseSse(next.json).filter((f) => f.id !== null);
    expect(frames.at(-1)!.data.data).toMatchObject({ status: "completed" });
  });

  it("denying answers the child with the refusal; the child still answers its caller, and the refund never runs", async () => {
    const { conversationId, requested, parentRunId, childRunId } = await heldRefund();
    await decide(requested.data.approvalId, {
      decision: "deny",
      reason: "already refunded",
      argumentsHash: requested.data.argumentsHash,
    });
    await settled(childRunId);
    expect((await settled(parentRunId)).status).toBe("completed");
    expect(await refundsRun(childRunId)).toBe(0);
    const all = await log(conversationId);
    const childTool = all.find(
      (e) => e.type === "LlmMessageEvent" && e.runId === childRunId && e.data.role === "tool",
    )!;
    expect(JSON.stringify(childTool.data.parts)).toContain("already refunded");
    const returns = all.filter((e) => e.type === "ToolReturnEvent" && e.runId === parentRunId);
    expect(returns).toHaveLength(1);
    expect(returns[0].data.childRunId).toBe(childRunId);
  });

  it("supersede ends the whole chain: the child's call is denied, both runs finish superseded, the caller's call is answered, and the new turn runs", async () => {
    const { conversationId, requested, parentRunId, childRunId } = await heldRefund();
    const res = await send(conversationId, { content: "Never mind, cancel that.", supersede: true });
    expect(res.status).toBe(200);
    expect((await t.db.approval.findUniqueOrThrow({ where: { id: requested.data.approvalId } })).status).toBe("denied");
    expect(await refundsRun(childRunId)).toBe(0);
    const all = await log(conversationId);
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    expect(finishes(all, childRunId)).toEqual(["suspended/awaiting_approval", "completed/superseded"]);
    expect(finishes(all, parentRunId)).toEqual(["suspended/awaiting_approval", "completed/superseded"]);
    const returns = all.filter((e) => e.type === "ToolReturnEvent" && e.runId === parentRunId);
    expect(returns.map((e) => e.data)).toEqual([
      expect.objectContaining({ toolName: "billing", success: false, errorType: "Superseded", childRunId }),
    ]);
    // The child's superseding came first, then its caller's, then the new turn.
    const childDone = all.findIndex(
      (e) => e.type === "RunFinished" && e.runId === childRunId && e.seq > 0 && e.data.stopReason === "superseded",
    );
    const parentDone = all.findIndex(
      (e) => e.type === "RunFinished" && e.runId === parentRunId && e.data.stopReason === "superseded",
    );
    expect(childDone).toBeLessThan(parentDone);
    const frames = parseSse(res.json).filter((f) => f.id !== null);
    expect(frames.at(-1)!.data.data).toMatchObject({ status: "completed" });
  });

  it("a crash while the child runs after its approval interrupts the child and its waiting caller; the conversation goes on", async () => {
    const { conversationId, parentRunId, childRunId } = await heldRefund();
    // As a resume that died mid-run leaves it: the child running, its caller still suspended.
    await t.db.run.update({ where: { id: childRunId }, data: { status: "running" } });
    await t.db.approval.updateMany({ where: { runId: childRunId }, data: { status: "denied", decision: "deny" } });
    const rt = server().runtime;
    const recovered = await recoverInterruptedRuns(t.db, rt.deps.store, () => false);
    expect(recovered).toContain(childRunId);
    expect((await t.db.run.findUniqueOrThrow({ where: { id: childRunId } })).status).toBe("interrupted");
    expect((await t.db.run.findUniqueOrThrow({ where: { id: parentRunId } })).status).toBe("interrupted");
    const all = await log(conversationId);
    const returns = all.filter((e) => e.type === "ToolReturnEvent" && e.runId === parentRunId);
    expect(returns.map((e) => e.data)).toEqual([expect.objectContaining({ toolName: "billing", success: false })]);
    const next = await send(conversationId, { content: "Are you there?" });
    expect(next.status).toBe(200);
  });

  it("a caller holding its own approval and a child's resumes once both are decided, whichever comes first", async () => {
    const c = await callRoute(conversations.POST, "/api/conversations", { body: { agentId: deskId }, bearer: ADMIN });
    const conversationId = c.json.id as string;
    const res = await send(conversationId, { content: "Refund B-2002 and A-1001." });
    const frames = parseSse(res.json).filter((f) => f.id !== null);
    const parentRunId = frames.find((f) => f.event === "RunStarted" && f.data.data.kind === "turn")!.data.runId;
    const requested = frames.filter((f) => f.event === "ApprovalRequested").map((f) => f.data);
    const own = requested.find((r) => r.runId === parentRunId)!;
    const childs = requested.find((r) => r.runId !== parentRunId)!;
    expect(own.data.arguments).toMatchObject({ orderId: "B-2002" });
    expect(childs.data.arguments).toMatchObject({ orderId: "A-1001" });

    // The conversation names both calls it waits on.
    const refused = await send(conversationId, { content: "status?" });
    expect(refused.status).toBe(409);
    expect(refused.json.error.approvals.map((a: { id: string }) => a.id).sort()).toEqual(
      [own.data.approvalId, childs.data.approvalId].sort(),
    );

    // The caller's own call first: it waits for its child, so nothing runs yet.
    await decide(own.data.approvalId, { decision: "approve", argumentsHash: own.data.argumentsHash });
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.db.run.findUniqueOrThrow({ where: { id: parentRunId } })).status).toBe("suspended");
    expect(await refundsRun(parentRunId)).toBe(0);

    // The child's: the child runs its refund and answers; the caller runs its own once and finishes.
    await decide(childs.data.approvalId, { decision: "approve", argumentsHash: childs.data.argumentsHash });
    expect((await settled(childs.runId)).status).toBe("completed");
    expect((await settled(parentRunId)).status).toBe("completed");
    expect(await refundsRun(childs.runId)).toBe(1);
    expect(await refundsRun(parentRunId)).toBe(1);
    const all = await log(conversationId);
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    const returns = all.filter((e) => e.type === "ToolReturnEvent" && e.runId === parentRunId);
    expect(returns.map((e) => `${e.data.toolName}:${e.data.success}`).sort()).toEqual(["billing:true", "refund:true"]);
    expect(finishes(all, parentRunId)).toEqual(["suspended/awaiting_approval", "completed/end_turn"]);
  });
});
