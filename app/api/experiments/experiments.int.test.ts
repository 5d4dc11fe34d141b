/**
 * Experiments through the HTTP API (SQLite, and PostgreSQL when ATELIER_TEST_PG_URL is set;
 * docs/evals.md, "Experiments"): a dataset over the demo and scripted models; a regression caught
 * between two versions; a side-effecting tool mocked and never executed, and one left unmocked
 * failing its case; approvals answered by the case (and one with no answer denied); a judge on a
 * scripted model; cancel; the progress stream; eval conversations hidden from the lists and the
 * inbox and left out of lifetime limits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createRoleTokens } from "@/lib/api/testing/role-tokens";
import type { Role } from "@/lib/auth/roles.shared";
import { seedStudio } from "@/lib/db/seed-demo";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import type { ExperimentView } from "@/lib/evals/experiment.shared";
import { readConversationEvents } from "@/lib/runs/infra/store/prisma-run-store";
import { closeServer } from "@/lib/server/server";
import * as tools from "@/app/api/tools/route";
import * as agents from "@/app/api/agents/route";
import * as agent from "@/app/api/agents/[id]/route";
import * as datasets from "@/app/api/datasets/route";
import * as conversations from "@/app/api/conversations/route";
import * as messages from "@/app/api/conversations/[id]/messages/route";
import * as approvals from "@/app/api/approvals/route";
import * as runs from "@/app/api/runs/route";
import * as list from "./route";
import * as one from "./[id]/route";
import * as cancel from "./[id]/cancel/route";
import * as progress from "./[id]/progress/route";

let t: TestDatabase;
const ADMIN = "experiments-int-admin-token-0123456789";
const savedEnv = { ...process.env };
const tokens: Partial<Record<Role, string>> = {};

const REFUND = `import { tool, type RunContext } from "atelier";

/**
 * Refund an order to the customer's card; the money leaves at once.
 *
 * @param order The order's number.
 */
export default tool({ sideEffecting: true }, function issue_refund(order: number, ctx: RunContext): string {
  ctx.emit({ refunded: order });
  return "refunded " + order;
});
`;
const SHIP = `import { tool, type RunContext } from "atelier";

/**
 * Ship a version of the house's website to its visitors; they see it at once.
 *
 * @param version The version to ship.
 */
export default tool({ sideEffecting: true, requiresApproval: true }, function ship_site(version: string, ctx: RunContext): string {
  ctx.emit({ shipped: version });
  return "shipped " + version;
});
`;

const toolIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  Object.assign(tokens, await createRoleTokens(t.db, ["viewer", "operator", "author"], "experiments.test"));
  for (const [name, source] of [
    ["refund", REFUND],
    ["ship", SHIP],
  ] as const) {
    const res = await callRoute(tools.POST, "/api/tools", { body: { source }, bearer: ADMIN });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    toolIds[name] = res.json.tool.id;
  }
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

type Script = Array<{ text: string } | { toolCalls: Array<{ toolName: string; args?: Record<string, unknown> }> }>;

async function createAgent(name: string, model: unknown, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await callRoute(agents.POST, "/api/agents", {
    bearer: ADMIN,
    body: {
      name,
      description: `The ${name} agent of the experiments test.`,
      prompt: { template: "You help." },
      model,
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.agent.id as string;
}
const scripted = (model: string, script: Script) => ({ provider: "scripted", model, script });

async function createDataset(name: string, cases: unknown[], mocks: unknown[] = []): Promise<string> {
  const res = await callRoute(datasets.POST, "/api/datasets", { bearer: ADMIN, body: { name, cases, mocks } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
}

const start = (body: Record<string, unknown>, bearer = tokens.operator) =>
  callRoute(list.POST, "/api/experiments", { body, bearer });
const view = async (id: string): Promise<ExperimentView> => {
  const res = await callRoute(one.GET, `/api/experiments/${id}`, { params: { id }, bearer: tokens.viewer });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as ExperimentView;
};

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const finished = (id: string) =>
  until(
    `experiment ${id}`,
    () => view(id),
    (v) => ["completed", "cancelled", "failed"].includes(v.status),
  );
async function run(body: Record<string, unknown>): Promise<ExperimentView> {
  const res = await start(body);
  expect(res.status, JSON.stringify(res.json)).toBe(202);
  return finished(res.json.id as string);
}

describe("POST /api/experiments", () => {
  it("runs the demo agent over a dataset: verdicts per case, totals, conversations hidden from the lists", async () => {
    const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
    const datasetId = await createDataset("demo-population", [
      {
        id: "paris",
        messages: ["What is the population of Paris?"],
        expect: [
          { kind: "contains", value: "2103000" },
          { kind: "toolCalled", name: "city_population" },
          { kind: "maxRequests", value: 5 },
        ],
      },
      { id: "never", messages: ["What is the population of Paris?"], expect: [{ kind: "equals", value: "nope" }] },
      {
        id: "judged-by-demo",
        messages: ["What is the population of Paris?"],
        expect: [{ kind: "judge", rubric: "States the population." }],
      },
    ]);
    const v = await run({ datasetId, agentId: atlas.id, repetitions: 2, concurrency: 3 });
    expect(v.status).toBe("completed");
    expect(v.datasetRevision).toBe(1);
    expect(v.agentName).toBe("atlas");
    expect(v.cases).toHaveLength(6);
    expect(v.cases.map((c) => [c.caseId, c.repetition, c.passed])).toEqual([
      ["paris", 0, true],
      ["paris", 1, true],
      ["never", 0, false],
      ["never", 1, false],
      ["judged-by-demo", 0, false],
      ["judged-by-demo", 1, false],
    ]);
    const paris = v.cases[0];
    expect(paris.status).toBe("done");
    expect(paris.verdicts.every((x) => x.passed)).toBe(true);
    expect(paris.answer).toContain("2103000");
    expect(paris.toolCalls).toEqual([expect.objectContaining({ name: "city_population", depth: 0, turn: 0 })]);
    expect(paris.requests).toBe(2);
    expect(paris.latencyMs).toEqual(expect.any(Number));
    expect(paris.title).toBe("What is the population of Paris?");
    expect(v.cases[2].verdicts[0].reason).toMatch(/^answer '.*' does not equal 'nope'$/s);
    expect(v.cases[4].verdicts[0]).toMatchObject({ kind: "judge", passed: false });
    expect(v.cases[4].verdicts[0].reason).toMatch(/offline demo model cannot judge/);
    expect(v.totals).toMatchObject({ cases: 6, done: 6, passed: 2, failed: 4 });
    expect(v.totals.passRate).toBeCloseTo(2 / 6);
    expect(v.totals.latencyMs.p50).toEqual(expect.any(Number));
    expect(v.totals.latencyMs.p95).toBeGreaterThanOrEqual(v.totals.latencyMs.p50!);
    expect(v.totals.costNanoUsd).toBe(v.cases.reduce((s, c) => s + c.costNanoUsd, 0));

    // Each entry is a real conversation of the experiment, left out of the lists unless asked for.
    const conversation = await t.db.conversation.findUniqueOrThrow({ where: { id: paris.conversationId! } });
    expect(conversation.experimentId).toBe(v.id);
    expect(conversation.title).toBe("What is the population of Paris?");
    const listed = await callRoute(conversations.GET, "/api/conversations?pageSize=100", { bearer: ADMIN });
    expect(listed.json.conversations.map((c: { id: string }) => c.id)).not.toContain(paris.conversationId);
    const included = await callRoute(conversations.GET, "/api/conversations?pageSize=100&experiments=include", {
      bearer: ADMIN,
    });
    expect(included.json.conversations.map((c: { id: string }) => c.id)).toContain(paris.conversationId);
    const runsListed = await callRoute(runs.GET, "/api/runs?limit=500", { bearer: ADMIN });
    expect(runsListed.status).toBe(200);
    expect(runsListed.json.runs.map((r: { conversationId: string }) => r.conversationId)).not.toContain(
      paris.conversationId,
    );

    const all = await callRoute(list.GET, `/api/experiments?datasetId=${datasetId}`, { bearer: tokens.viewer });
    expect(all.json.experiments.map((e: { id: string }) => e.id)).toEqual([v.id]);
    expect(all.json.experiments[0].totals.passed).toBe(2);
  });

  it("catches a regression between two versions of an agent", async () => {
    const agentId = await createAgent("greeter", scripted("greeter", [{ text: "Hello, Ada! How can I help?" }]));
    const changed = await callRoute(agent.PUT, `/api/agents/${agentId}`, {
      method: "PUT",
      params: { id: agentId },
      bearer: ADMIN,
      body: {
        name: "greeter",
        description: "The greeter agent of the experiments test.",
        prompt: { template: "You help, tersely." },
        model: scripted("greeter", [{ text: "What?" }]),
      },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const datasetId = await createDataset("greetings", [
      { id: "greets", messages: ["Hi, I am Ada"], expect: [{ kind: "contains", value: "Hello" }] },
    ]);
    const v1 = await run({ datasetId, agentId, version: 1 });
    const v2 = await run({ datasetId, agentId, version: 2 });
    const latest = await run({ datasetId, agentId });
    expect([v1.agentVersion, v2.agentVersion, latest.agentVersion]).toEqual([1, 2, 2]);
    expect(v1.cases[0].passed).toBe(true);
    expect(v2.cases[0].passed).toBe(false);
    expect(v2.cases[0].verdicts[0].reason).toBe("answer does not contain 'Hello'");
    expect(v1.totals.passRate).toBe(1);
    expect(v2.totals.passRate).toBe(0);
    const labelled = await start({ datasetId, agentId, label: "production" });
    expect(labelled.status).toBe(202);
    expect((await finished(labelled.json.id)).label).toBe("production");
  });

  it("answers a side-effecting call from the case's mock and never runs it; an unmocked one fails its case", async () => {
    const agentId = await createAgent(
      "refunder",
      scripted("refunder", [
        { toolCalls: [{ toolName: "issue_refund", args: { order: 7 } }] },
        { text: "Done with order 7." },
      ]),
      { tools: [{ toolId: toolIds.refund }] },
    );
    const mocked = await createDataset(
      "refunds-mocked",
      [
        {
          id: "mocked",
          messages: ["Refund order 7"],
          mocks: [{ tool: "issue_refund", args: { order: 7 }, result: "refund of 7 recorded (mock)" }],
          expect: [
            { kind: "toolCalled", name: "issue_refund", args: { order: 7 } },
            { kind: "contains", value: "order 7" },
          ],
        },
        // The dataset's default mock answers this one.
        { id: "dataset-mock", messages: ["Refund it"], expect: [{ kind: "toolCalled", name: "issue_refund" }] },
      ],
      [{ tool: "issue_refund", result: "refunded by default (mock)" }],
    );
    const v = await run({ datasetId: mocked, agentId });
    expect(v.cases.map((c) => c.passed)).toEqual([true, true]);
    for (const [i, expected] of ["refund of 7 recorded (mock)", "refunded by default (mock)"].entries()) {
      const events = await readConversationEvents(t.db, v.cases[i].conversationId!);
      const ret = events.find((e) => e.type === "ToolReturnEvent");
      expect(ret?.type === "ToolReturnEvent" && ret.data.success).toBe(true);
      // The trace tells a mocked result from a real one; so does the case's view.
      expect(ret?.type === "ToolReturnEvent" && ret.data.mocked).toBe(true);
      expect(v.cases[i].toolCalls).toEqual([expect.objectContaining({ name: "issue_refund", mocked: true })]);
      const answer = events.find((e) => e.type === "LlmMessageEvent" && e.data.role === "tool");
      expect(JSON.stringify(answer)).toContain(expected);
      // The tool's body never ran: it would have emitted a ToolStateEvent.
      expect(events.some((e) => e.type === "ToolStateEvent")).toBe(false);
    }
    expect(await t.db.auditLog.count({ where: { action: "tool.call" } })).toBe(0);

    const unmocked = await createDataset("refunds-unmocked", [
      { id: "unmocked", messages: ["Refund order 7"], expect: [{ kind: "contains", value: "order 7" }] },
    ]);
    const u = await run({ datasetId: unmocked, agentId });
    const entry = u.cases[0];
    expect(entry.passed).toBe(false);
    expect(entry.error).toEqual({
      type: "EvalUnmocked",
      message: "side-effecting tool 'issue_refund' has no mock in the case",
    });
    const events = await readConversationEvents(t.db, entry.conversationId!);
    expect(events.some((e) => e.type === "ToolStateEvent")).toBe(false);
    const ret = events.find((e) => e.type === "ToolReturnEvent");
    expect(ret?.type === "ToolReturnEvent" && ret.data.errorType).toBe("EvalUnmocked");
    expect(ret?.type === "ToolReturnEvent" && ret.data.mocked).toBeUndefined();
    expect(entry.toolCalls[0]).not.toHaveProperty("mocked");
  });

  it("sends a multi-message case turn by turn, with the mocks applied inside an agent called as a tool", async () => {
    await createAgent(
      "refund_desk",
      scripted("refund_desk", [
        { toolCalls: [{ toolName: "issue_refund", args: { order: 9 } }] },
        { text: "Refunded 9." },
      ]),
      { tools: [{ toolId: toolIds.refund }] },
    );
    const desk = await t.db.agent.findFirstOrThrow({ where: { name: "refund_desk" } });
    const agentId = await createAgent(
      "front_desk",
      scripted("front_desk", [
        { toolCalls: [{ toolName: "refund_desk", args: { task: "refund order 9" } }] },
        { text: "The desk refunded order 9." },
        { text: "You are welcome." },
      ]),
      { tools: [{ agentId: desk.id }] },
    );
    const datasetId = await createDataset("two-turns", [
      {
        id: "refund-then-thanks",
        messages: ["Refund order 9", "Thanks"],
        mocks: [{ tool: "issue_refund", args: { order: 9 }, result: "refund of 9 recorded (mock)" }],
        expect: [
          { kind: "toolCalled", name: "issue_refund", args: { order: 9 } },
          { kind: "toolCalled", name: "refund_desk" },
          { kind: "contains", value: "welcome" },
          { kind: "maxRequests", value: 5 },
        ],
      },
    ]);
    const v = await run({ datasetId, agentId });
    const entry = v.cases[0];
    expect(entry.passed, JSON.stringify(entry)).toBe(true);
    expect(entry.answer).toBe("You are welcome.");
    expect(entry.requests).toBe(5);
    expect(entry.toolCalls.map((c) => [c.name, c.depth, c.turn, c.mocked ?? false])).toEqual([
      ["refund_desk", 0, 0, false],
      ["issue_refund", 1, 0, true],
    ]);
    const events = await readConversationEvents(t.db, entry.conversationId!);
    const users = events.flatMap((e) =>
      e.type === "LlmMessageEvent" && e.data.role === "user" && e.runId
        ? e.data.parts.flatMap((p) => (p.type === "text" ? [p.text] : []))
        : [],
    );
    expect(users).toEqual(["Refund order 9", "refund order 9", "Thanks"]);
    expect(events.some((e) => e.type === "ToolStateEvent")).toBe(false);
  });

  it("answers approvals from the case, never in the inbox; one with no answer is denied and fails the case", async () => {
    const agentId = await createAgent(
      "shipper",
      scripted("shipper", [
        { toolCalls: [{ toolName: "ship_site", args: { version: "1.0" } }] },
        { text: "Shipped 1.0." },
      ]),
      { tools: [{ toolId: toolIds.ship }] },
    );
    const datasetId = await createDataset("shipping", [
      {
        id: "approved",
        messages: ["Ship 1.0"],
        mocks: [{ tool: "ship_site", result: "shipped 1.0 (mock)" }],
        expect: [
          { kind: "approvalRequested", tool: "ship_site", answer: "approve" },
          { kind: "contains", value: "Shipped" },
        ],
      },
      { id: "unanswered", messages: ["Ship 1.0"], expect: [{ kind: "contains", value: "Shipped" }] },
    ]);
    const v = await run({ datasetId, agentId });
    const [approved, unanswered] = v.cases;
    expect(approved.passed, JSON.stringify(approved)).toBe(true);
    expect(approved.verdicts[0]).toMatchObject({ kind: "approvalRequested", passed: true });
    const a1 = await t.db.approval.findFirstOrThrow({ where: { conversationId: approved.conversationId! } });
    expect(a1).toMatchObject({ status: "done", decision: "approve", decidedBy: "eval case" });
    const e1 = await readConversationEvents(t.db, approved.conversationId!);
    expect(e1.map((e) => e.type)).toEqual(expect.arrayContaining(["ApprovalRequested", "ApprovalDecided"]));
    // The approved call was answered by its mock when the run resumed, and says so.
    const shipped = e1.find((e) => e.type === "ToolReturnEvent");
    expect(shipped?.type === "ToolReturnEvent" && shipped.data).toMatchObject({ success: true, mocked: true });
    expect(e1.some((e) => e.type === "ToolStateEvent")).toBe(false);

    expect(unanswered.passed).toBe(false);
    expect(unanswered.error?.type).toBe("ApprovalUnanswered");
    const a2 = await t.db.approval.findFirstOrThrow({ where: { conversationId: unanswered.conversationId! } });
    expect(a2).toMatchObject({ status: "denied", decision: "deny", reason: "no answer in the case" });

    for (const status of ["pending", "decided"]) {
      const inbox = await callRoute(approvals.GET, `/api/approvals?status=${status}`, { bearer: ADMIN });
      expect(inbox.status, JSON.stringify(inbox.json)).toBe(200);
      expect(JSON.stringify(inbox.json)).not.toContain(a1.id);
      expect(JSON.stringify(inbox.json)).not.toContain(a2.id);
    }
  });

  it("judges answers with a scripted judge model: score, pass mark, unparsable answers, cost apart", async () => {
    const agentId = await createAgent("judged", [
      scripted("answerer", [{ text: "Paris is the capital of France." }]),
      scripted("judge", [{ text: '{"score": 0.9, "reason": "Names Paris."}' }]),
      scripted("rambler", [{ text: "I think it is quite fine." }]),
    ]);
    const datasetId = await createDataset("capitals", [
      {
        id: "good",
        messages: ["What is the capital of France?"],
        expect: [{ kind: "judge", rubric: "Names the capital of France.", model: "scripted:judge" }],
      },
      {
        id: "strict",
        messages: ["What is the capital of France?"],
        expect: [{ kind: "judge", rubric: "Names the capital.", model: "scripted:judge", passAt: 0.95 }],
      },
      {
        id: "unparsable",
        messages: ["What is the capital of France?"],
        expect: [{ kind: "judge", rubric: "Names the capital.", model: "scripted:rambler" }],
      },
      {
        id: "not-in-roster",
        messages: ["What is the capital of France?"],
        expect: [{ kind: "judge", rubric: "Names the capital.", model: "scripted:nobody" }],
      },
    ]);
    const v = await run({ datasetId, agentId });
    expect(v.cases.map((c) => c.passed)).toEqual([true, false, false, false]);
    expect(v.cases[0].verdicts[0].reason).toBe("judge scored 0.9 (at or above 0.7): Names Paris. [judge-v1]");
    expect(v.cases[1].verdicts[0].reason).toBe("judge scored 0.9 (below 0.95): Names Paris. [judge-v1]");
    expect(v.cases[2].verdicts[0].reason).toMatch(/^the judge's answer is not JSON/);
    expect(v.cases[3].verdicts[0].reason).toBe("the judge model 'scripted:nobody' is not in the agent's model roster");
    // The judge is its own run in the case's conversation, left out of the agent's figures.
    const events = await readConversationEvents(t.db, v.cases[0].conversationId!);
    const kinds = events.flatMap((e) => (e.type === "RunStarted" ? [e.data.kind] : []));
    expect(kinds).toEqual(["turn", "judge"]);
    expect(v.cases[0].requests).toBe(1);
    expect(v.cases[0].answer).toBe("Paris is the capital of France.");
    const judgeRun = await t.db.run.findFirstOrThrow({
      where: { conversationId: v.cases[0].conversationId!, kind: "judge" },
    });
    expect(judgeRun.model).toBe("scripted:judge");
  });

  it("cancels: nothing new starts, judged entries keep their verdicts, the rest end cancelled", async () => {
    const agentId = await createAgent("slowpoke", scripted("slowpoke", [{ text: "Fine." }]));
    const datasetId = await createDataset(
      "many",
      Array.from({ length: 30 }, (_, i) => ({
        messages: [`Case ${i}`],
        expect: [{ kind: "contains", value: "Fine" }],
      })),
    );
    const res = await start({ datasetId, agentId, concurrency: 1 });
    expect(res.status).toBe(202);
    const id = res.json.id as string;
    const viewer = await callRoute(cancel.POST, `/api/experiments/${id}/cancel`, {
      method: "POST",
      params: { id },
      bearer: tokens.viewer,
    });
    expect(viewer.status).toBe(403);
    const cancelled = await callRoute(cancel.POST, `/api/experiments/${id}/cancel`, {
      method: "POST",
      params: { id },
      bearer: tokens.operator,
    });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(cancelled.json.status).toBe("cancelled");
    await until(
      "no running entry",
      () => t.db.experimentCase.count({ where: { experimentId: id, status: { in: ["running", "queued"] } } }),
      (n) => n === 0,
    );
    const after = await view(id);
    const done = after.cases.filter((c) => c.status === "done");
    expect(after.cases.filter((c) => c.status === "cancelled").length).toBeGreaterThan(0);
    expect(done.every((c) => c.passed === true && c.verdicts.length === 1)).toBe(true);
    expect(after.totals.done).toBe(done.length);
    await new Promise((r) => setTimeout(r, 300));
    expect((await view(id)).cases.filter((c) => c.status === "done").length).toBe(done.length);
    // A second cancel changes nothing.
    const again = await callRoute(cancel.POST, `/api/experiments/${id}/cancel`, {
      method: "POST",
      params: { id },
      bearer: tokens.operator,
    });
    expect(again.json.status).toBe("cancelled");
  });

  it("streams progress until the experiment ends", async () => {
    const agentId = await createAgent("streamer", scripted("streamer", [{ text: "Fine." }]));
    const datasetId = await createDataset("streamed", [
      { messages: ["one"], expect: [{ kind: "contains", value: "Fine" }] },
      { messages: ["two"], expect: [{ kind: "contains", value: "Fine" }] },
    ]);
    const res = await start({ datasetId, agentId, concurrency: 1 });
    const id = res.json.id as string;
    const streamed = await callRoute(progress.GET, `/api/experiments/${id}/progress`, {
      params: { id },
      bearer: tokens.viewer,
    });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get("content-type")).toContain("text/event-stream");
    const body = typeof streamed.json === "string" ? streamed.json : JSON.stringify(streamed.json);
    const frames = body
      .split("\n\n")
      .filter((f: string) => f.startsWith("event: progress"))
      .map((f: string) => JSON.parse(f.split("\ndata: ")[1]));
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.at(-1)).toMatchObject({ id, status: "completed", totals: { cases: 2, done: 2, passed: 2 } });
    const missing = await callRoute(progress.GET, "/api/experiments/nope/progress", {
      params: { id: "nope" },
      bearer: tokens.viewer,
    });
    expect(missing.status).toBe(404);
  });

  it("refuses what it cannot run: roles, unknown dataset, agent or version, an empty dataset", async () => {
    const agentId = await createAgent("refused", scripted("refused", [{ text: "Fine." }]));
    const datasetId = await createDataset("refusals", [{ messages: ["x"], expect: [] }]);
    expect((await start({ datasetId, agentId }, tokens.viewer)).status).toBe(403);
    expect((await start({ datasetId, agentId }, tokens.author)).status).toBe(403);
    expect((await start({ datasetId: "nope", agentId })).status).toBe(404);
    expect((await start({ datasetId, agentId: "nope" })).status).toBe(404);
    expect((await start({ datasetId, agentId, version: 9 })).status).toBe(404);
    const both = await start({ datasetId, agentId, version: 1, label: "production" });
    expect(both.status).toBe(400);
    expect((await start({ datasetId, agentId, concurrency: 17 })).status).toBe(400);
    const empty = await createDataset("empty", []);
    const refused = await start({ datasetId: empty, agentId });
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe("validation_error");
    expect((await callRoute(one.GET, "/api/experiments/nope", { params: { id: "nope" }, bearer: ADMIN })).status).toBe(
      404,
    );
  });

  it("does not count eval runs toward an agent's lifetime limits, nor refuse them by those limits", async () => {
    const agentId = await createAgent("limited", scripted("limited", [{ text: "Fine." }]), {
      agentLimits: { agentRequestLimit: 2 },
    });
    const datasetId = await createDataset(
      "over-the-limit",
      Array.from({ length: 4 }, (_, i) => ({ messages: [`Case ${i}`], expect: [{ kind: "contains", value: "Fine" }] })),
    );
    const v = await run({ datasetId, agentId, concurrency: 2 });
    expect(v.totals.passed, JSON.stringify(v.cases)).toBe(4);
    // The agent's two lifetime runs are still there for real conversations.
    const c = await callRoute(conversations.POST, "/api/conversations", { body: { agentId }, bearer: ADMIN });
    const sent = await callRoute(messages.POST, `/api/conversations/${c.json.id}/messages`, {
      params: { id: c.json.id },
      body: { content: "hello" },
      bearer: ADMIN,
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  });
});
