/**
 * GET /api/runs/{id}/trace on a real turn: a scripted agent calls a pure tool, another agent (a
 * child run with its own model requests and tool call) and a refund held for approval in one
 * step; the refund is approved, the run resumes and answers. The trace shows each model request,
 * each call with its result and timing, the approval with who decided and how long it waited, and
 * the child run nested under its call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { settledRun } from "@/lib/runs/testing/settled-run";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import type {
  RunTrace,
  TraceApprovalSpan,
  TraceModelSpan,
  TraceRun,
  TraceSpan,
  TraceToolSpan,
} from "@/lib/runs/read-models/traces/trace-wire.shared";
import { closeServer } from "@/lib/server/server";
import { parseSse } from "@/lib/runs/testing/sse";
import * as agents from "../../../agents/route";
import * as conversations from "../../../conversations/route";
import * as messages from "../../../conversations/[id]/messages/route";
import * as decision from "../../../approvals/[id]/decision/route";
import * as usage from "../../../usage/summary/route";
import * as trace from "./route";

let t: TestDatabase;
const ADMIN = "trace-int-admin-token-0123456789";
const savedEnv = { ...process.env };

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

const settled = (runId: string) => settledRun(t.db, runId);

const getTrace = async (id: string) => callRoute(trace.GET, `/api/runs/${id}/trace`, { params: { id }, bearer: ADMIN });

function spansOf(run: TraceRun): TraceSpan[] {
  return run.spans;
}

describe("GET /api/runs/{id}/trace", () => {
  let turnId = "";
  let body: RunTrace;

  beforeAll(async () => {
    const tool = async (name: string) => (await t.db.tool.findFirstOrThrow({ where: { name } })).id;
    const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
    const created = await callRoute(agents.POST, "/api/agents", {
      bearer: ADMIN,
      body: {
        name: "ops",
        description: "Looks things up, asks atlas, and refunds orders (refunds wait for an approver).",
        prompt: { template: "You are ops. Refunds need approval.", params: {} },
        model: {
          provider: "scripted",
          model: "ops-script",
          script: [
            {
              toolCalls: [
                { toolName: "city_population", args: { city: "Paris" } },
                { toolName: "atlas", args: { task: "What is the population of Tokyo?" } },
                { toolName: "refund", args: { orderId: "A-1001", amountUsd: 25 } },
              ],
            },
            { text: "Paris has 2103000 people, atlas answered, and the refund is done." },
          ],
        },
        tools: [
          { toolId: await tool("city_population") },
          { agentId: atlas.id, sideEffecting: false },
          { toolId: await tool("refund") },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const conv = await callRoute(conversations.POST, "/api/conversations", {
      body: { agentId: created.json.agent.id, title: "Ops" },
      bearer: ADMIN,
    });
    const res = await callRoute(messages.POST, `/api/conversations/${conv.json.id}/messages`, {
      params: { id: conv.json.id },
      body: { content: "Population of Paris, ask atlas about Tokyo, and refund A-1001." },
      bearer: ADMIN,
    });
    const frames = parseSse(res.json).filter((f) => f.id !== null);
    const requested = frames.find((f) => f.event === "ApprovalRequested")!.data;
    turnId = requested.runId;
    expect((await t.db.run.findUniqueOrThrow({ where: { id: turnId } })).status).toBe("suspended");
    // The trace of a suspended run: the approval is pending and runs to the end of the trace.
    const waiting = (await getTrace(turnId)).json as RunTrace;
    const pending = waiting.run.spans.find((s): s is TraceApprovalSpan => s.type === "approval")!;
    expect(pending).toMatchObject({ status: "pending", decision: null, waitMs: null, endMs: waiting.durationMs });
    // What approving it runs, as recorded with the request: the refund tool's pinned version.
    expect(pending.target).toEqual({ kind: "tool", toolId: expect.any(String), toolVersion: expect.any(Number) });
    expect(waiting.run.suspensions).toEqual([{ startMs: expect.any(Number), endMs: null }]);
    await new Promise((r) => setTimeout(r, 30)); // a measurable wait
    const decided = await callRoute(decision.POST, `/api/approvals/${requested.data.approvalId}/decision`, {
      params: { id: requested.data.approvalId },
      body: { decision: "approve", reason: "order checked", argumentsHash: requested.data.argumentsHash },
      bearer: ADMIN,
    });
    expect(decided.status).toBe(200);
    await settled(turnId);
    const got = await getTrace(turnId);
    expect(got.status).toBe(200);
    body = got.json;
  });

  it("shows the run with its model requests, each with the model that answered, tokens, cost and the prompt it used", () => {
    const run = body.run;
    expect(run).toMatchObject({
      type: "run",
      id: turnId,
      kind: "turn",
      agentName: "ops",
      status: "completed",
      depth: 0,
    });
    expect(run.prompt).toBe("Population of Paris, ask atlas about Tokyo, and refund A-1001.");
    expect(run.answer).toBe("Paris has 2103000 people, atlas answered, and the refund is done.");
    const models = spansOf(run).filter((s): s is TraceModelSpan => s.type === "model");
    expect(models).toHaveLength(2);
    for (const m of models) {
      expect(m).toMatchObject({
        provider: "scripted",
        model: "ops-script",
        priced: false,
        costNanoUsd: 0,
        fallback: false,
      });
      expect(m.totalTokens).toBeGreaterThan(0);
      expect(m.durationMs).toBeGreaterThanOrEqual(0);
      expect(m.endMs - m.startMs).toBe(m.durationMs);
      expect(m.systemPromptHash).not.toBeNull();
      expect(body.systemPrompts[m.systemPromptHash!].parts[0].content).toContain("You are ops.");
    }
    expect(models[0].toolCalls).toEqual(["city_population", "atlas", "refund"]);
    expect(models[1].text).toBe(run.answer);
    // Unpriced: tokens kept and marked.
    expect(run.usage).toMatchObject({ requests: 2, toolCalls: 3, costNanoUsd: 0, pricing: "none" });
    expect(run.usage.unpricedTokens).toBe(run.usage.totalTokens);
    expect(run.treeUsage.requests).toBe(4);
    expect(run.treeUsage.totalTokens).toBe(
      run.usage.totalTokens +
        (run.spans.find((s) => s.type === "tool" && s.child) as TraceToolSpan).child!.usage.totalTokens,
    );
  });

  it("shows each tool call with its arguments, result, duration, and the approval it waited for", () => {
    const tools = spansOf(body.run).filter((s): s is TraceToolSpan => s.type === "tool");
    expect(tools.map((s) => [s.toolName, s.success])).toEqual([
      ["city_population", true],
      ["atlas", true],
      ["refund", true],
    ]);
    const [city, , refund] = tools;
    expect(JSON.parse(city.arguments)).toEqual({ city: "Paris" });
    expect(city.result).toEqual({ type: "json", value: 2103000 });
    expect(city.durationMs).toBeGreaterThan(0);
    expect(city).toMatchObject({ replayed: false, memoized: false, approvalId: null, child: null });
    const approval = spansOf(body.run).find((s): s is TraceApprovalSpan => s.type === "approval")!;
    expect(approval).toMatchObject({
      toolName: "refund",
      toolCallId: refund.toolCallId,
      status: "done",
      decision: "approve",
      decidedBy: "ATELIER_ADMIN_TOKEN",
      reason: "order checked",
      arguments: { orderId: "A-1001", amountUsd: 25 },
    });
    expect(approval.waitMs).toBeGreaterThanOrEqual(25);
    expect(refund.approvalId).toBe(approval.approvalId);
    expect(String((refund.result as { value: unknown }).value)).toContain("refunded 25.00 USD on A-1001");
    // The held call ran after its approval; the run's suspension ended with the decision.
    expect(refund.startMs).toBeGreaterThanOrEqual(approval.endMs);
    expect(body.run.suspensions).toHaveLength(1);
    expect(body.run.suspensions[0].endMs).toBe(approval.endMs);
  });

  it("nests the child run under the call that started it, with its own requests and calls", () => {
    const call = spansOf(body.run).find((s): s is TraceToolSpan => s.type === "tool" && s.toolName === "atlas")!;
    const child = call.child!;
    expect(child).toMatchObject({
      type: "run",
      kind: "child",
      agentName: "atlas",
      parentRunId: turnId,
      depth: 1,
      status: "completed",
    });
    expect(child.prompt).toBe("What is the population of Tokyo?");
    expect(call.result).toEqual({ type: "text", value: child.answer });
    const inner = child.spans.map((s) => (s.type === "tool" ? `tool:${s.toolName}` : s.type));
    expect(inner).toEqual(["model", "tool:city_population", "model"]);
    expect(child.usage.requests).toBe(2);
    const childModel = child.spans[0] as TraceModelSpan;
    // The demo model has the demo price (lib/demo/demo-price.ts); the scripted one none.
    expect(childModel).toMatchObject({ provider: "demo", model: "demo", priced: true });
    expect(childModel.costNanoUsd).toBeGreaterThan(0);
    expect(body.systemPrompts[childModel.systemPromptHash!].parts[0].content).toContain("You are Atlas");
    // Nested in time: the child runs inside its call.
    expect(child.startMs).toBeGreaterThanOrEqual(call.startMs);
    expect(call.endMs).toBeGreaterThanOrEqual(child.endMs);
  });

  it("lays every span out on one clock: calls after their request, requests one after another, all within the trace", () => {
    const check = (run: TraceRun) => {
      let lastModelEnd = run.startMs;
      for (const s of run.spans) {
        expect(s.startMs).toBeGreaterThanOrEqual(run.startMs);
        expect(s.endMs).toBeGreaterThanOrEqual(s.startMs);
        expect(s.endMs).toBeLessThanOrEqual(body.durationMs);
        if (s.type === "model") {
          expect(s.startMs).toBeGreaterThanOrEqual(lastModelEnd);
          lastModelEnd = s.endMs;
        }
        if (s.type === "tool") {
          expect(s.startMs).toBeGreaterThanOrEqual(lastModelEnd);
          if (s.child) check(s.child);
        }
      }
    };
    check(body.run);
    expect(body.run.startMs).toBe(0);
    expect(Date.parse(body.startedAt)).toBe(Date.parse(body.run.startedAt));
  });

  it("the child run's own trace starts at the child; unknown runs are a 404", async () => {
    const call = spansOf(body.run).find((s): s is TraceToolSpan => s.type === "tool" && s.toolName === "atlas")!;
    const child = (await getTrace(call.child!.id)).json as RunTrace;
    expect(child.run).toMatchObject({ id: call.child!.id, kind: "child", startMs: 0 });
    expect(child.run.spans.map((s) => s.type)).toEqual(["model", "tool", "model"]);
    const missing = await getTrace("no-such-run");
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("not_found");
  });

  it("the usage summary groups the turn with its child run: the scripted part unpriced and marked, the demo part at the demo price", async () => {
    const res = await callRoute(usage.GET, "/api/usage/summary?groupBy=run", { bearer: ADMIN });
    expect(res.status).toBe(200);
    const row = res.json.rows.find((r: { key: string }) => r.key === turnId);
    const call = spansOf(body.run).find((s): s is TraceToolSpan => s.type === "tool" && s.toolName === "atlas")!;
    expect(row).toMatchObject({
      events: 4,
      costNanoUsd: call.child!.usage.costNanoUsd,
      pricing: "some",
      label: body.run.prompt,
    });
    expect(row.unpricedTokens).toBe(body.run.usage.totalTokens);
    expect(res.json.total.priceNames).toEqual(["demo price — not real money"]);
    expect(row.totalTokens).toBe(body.run.treeUsage.totalTokens);
    expect(row.runs.map((r: { run: { kind: string } }) => r.run.kind)).toEqual(["turn", "child"]);
  });
});
