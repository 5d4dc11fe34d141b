/**
 * Forking a conversation through the HTTP API (SQLite, and PostgreSQL when ATELIER_TEST_PG_URL is
 * set; docs/time-travel.md): a fork's log is a copy of the original's up to a run boundary or an
 * event between turns, with no run, usage or approval copied; its next request is the one the
 * original would have made from that point (a plain turn, manual and automatic compactions, child
 * runs); it runs with the version and model chosen; tool state numbering continues from the copy;
 * by-run reads never mix an original and its forks; refusals create nothing; branches list forks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createRoleTokens } from "@/lib/api/testing/role-tokens";
import type { Role } from "@/lib/auth/roles.shared";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { foldEvents } from "@/lib/runs/engine/context-fold";
import { readConversationEvents } from "@/lib/runs/infra/store/prisma-run-store";
import { parseSse } from "@/lib/runs/testing/sse";
import { closeServer } from "@/lib/server/server";
import * as tools from "@/app/api/tools/route";
import * as agents from "@/app/api/agents/route";
import * as agent from "@/app/api/agents/[id]/route";
import * as label from "@/app/api/agents/[id]/labels/[label]/route";
import * as conversations from "@/app/api/conversations/route";
import * as conversation from "@/app/api/conversations/[id]/route";
import * as messages from "@/app/api/conversations/[id]/messages/route";
import * as events from "@/app/api/conversations/[id]/events/route";
import * as compact from "@/app/api/conversations/[id]/compact/route";
import * as switchModel from "@/app/api/conversations/[id]/switch-model/route";
import * as branches from "@/app/api/conversations/[id]/branches/route";
import * as run from "@/app/api/runs/[id]/route";
import * as trace from "@/app/api/runs/[id]/trace/route";
import * as compactions from "@/app/api/compactions/route";
import * as forkRoute from "./route";

let t: TestDatabase;
const ADMIN = "fork-int-admin-token-0123456789abcdef";
const savedEnv = { ...process.env };
const tokens: Partial<Record<Role, string>> = {};
let operatorId = "";
let forkerId = "";
let brittleId = "";
let folderId = "";
let manualFolderId = "";
let leadId = "";

const VISIT = `import { tool, type RunContext } from "atelier";

/**
 * Record that someone visited, in the visitors' book of the house.
 *
 * @param name Who visited.
 */
export default tool({ sideEffecting: false }, function visit(name: string, ctx: RunContext): string {
  ctx.emit({ visited: name });
  return "visited " + name;
});
`;

const texts = (...words: string[]) => words.map((text) => ({ text }));

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  Object.assign(tokens, await createRoleTokens(t.db, ["viewer", "operator"], "fork.test"));
  operatorId = (await t.db.user.findUniqueOrThrow({ where: { email: "operator@fork.test" } })).id;
  const tool = await callRoute(tools.POST, "/api/tools", { body: { source: VISIT }, bearer: ADMIN });
  expect(tool.status, JSON.stringify(tool.json)).toBe(201);
  const created = await callRoute(agents.POST, "/api/agents", {
    bearer: ADMIN,
    body: {
      name: "forker",
      description: "Records visits for the fork test.",
      prompt: { template: "You record visits." },
      model: [
        {
          provider: "scripted",
          model: "forker",
          script: [
            { toolCalls: [{ toolName: "visit", args: { name: "a" } }] },
            { text: "Visited a." },
            { toolCalls: [{ toolName: "visit", args: { name: "b" } }] },
            { text: "Visited b." },
            ...texts("Three.", "Four.", "Five.", "Six.", "Seven.", "Eight."),
          ],
        },
        { provider: "scripted", model: "careful", script: texts("C1.", "C2.", "C3.", "C4.", "C5.", "C6.", "C7.") },
      ],
      tools: [{ toolId: tool.json.tool.id }],
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  forkerId = created.json.agent.id;
  const agentOf = async (body: Record<string, unknown>) => {
    const res = await callRoute(agents.POST, "/api/agents", { bearer: ADMIN, body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.agent.id as string;
  };
  brittleId = await agentOf({
    name: "brittle",
    description: "Answers once, then its script runs out.",
    prompt: { template: "You answer once." },
    model: { provider: "scripted", model: "once", script: texts("Only once.") },
  });
  folderId = await agentOf({
    name: "folder",
    description: "Folds its context before every turn after the first.",
    prompt: { template: "You answer questions about cities." },
    model: { provider: "demo", model: "demo", contextLength: 2000 },
    compaction: { strategy: "summarize", autoTrigger: true, triggerRatio: 0.005, keepRecentMessages: 2 },
  });
  manualFolderId = await agentOf({
    name: "manual_folder",
    description: "Folds its context only by hand.",
    prompt: { template: "You answer questions about cities." },
    model: { provider: "demo", model: "demo", contextLength: 32000 },
    compaction: { strategy: "summarize", autoTrigger: false, keepRecentMessages: 2 },
  });
  leadId = (await t.db.agent.findFirstOrThrow({ where: { name: "lead" } })).id;
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

interface Logged {
  seq: number;
  runId: string | null;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

const create = async (agentId: string, title?: string) => {
  const res = await callRoute(conversations.POST, "/api/conversations", {
    body: { agentId, ...(title ? { title } : {}) },
    bearer: tokens.operator,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
};
const send = async (id: string, content: string) => {
  const res = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
    method: "POST",
    params: { id },
    body: { content },
    bearer: tokens.operator,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return parseSse(res.json);
};
const fork = (id: string, body: Record<string, unknown>, bearer = tokens.operator) =>
  callRoute(forkRoute.POST, `/api/conversations/${id}/fork`, { method: "POST", params: { id }, body, bearer });
const forked = async (id: string, body: Record<string, unknown>) => {
  const res = await fork(id, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
};
const log = async (id: string): Promise<Logged[]> => {
  const res = await callRoute(events.GET, `/api/conversations/${id}/events?after=0`, {
    params: { id },
    bearer: tokens.viewer,
  });
  expect(res.status).toBe(200);
  return res.json.events;
};
const detail = async (id: string) => {
  const res = await callRoute(conversation.GET, `/api/conversations/${id}`, { params: { id }, bearer: tokens.viewer });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
};
const lastSeq = async (id: string) => (await detail(id)).lastSeq as number;
/** What the conversation's next request carries (GET …/compact), without its own id. */
const nextContext = async (id: string) => {
  const res = await callRoute(compact.GET, `/api/conversations/${id}/compact`, {
    params: { id },
    bearer: tokens.viewer,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const { conversationId, ...rest } = res.json.context;
  expect(conversationId).toBe(id);
  return rest;
};
/** The run engine's own fold of the log: messages, last input size, recorded system prompts. */
const fold = async (id: string) => {
  const f = foldEvents(await readConversationEvents(t.db, id));
  return { messages: f.messages, lastInputTokens: f.lastInputTokens, prompts: [...f.systemPromptHashes] };
};
/** What the next turn would be sent, as both reads see it. */
const nextRequest = async (id: string) => ({ view: await nextContext(id), fold: await fold(id) });
const started = (frames: ReturnType<typeof parseSse>) =>
  frames.filter((f) => f.event === "RunStarted").map((f) => f.data as Logged & { data: Record<string, unknown> });
const totals = async () => ({
  runs: await t.db.run.count(),
  usage: await t.db.usageRecord.count(),
  approvals: await t.db.approval.count(),
  cost: (await t.db.usageRecord.aggregate({ _sum: { costNanoUsd: true } }))._sum.costNanoUsd,
});

describe("POST /api/conversations/{id}/fork", () => {
  let original = "";
  let afterFirst = 0;
  let afterSecond = 0;
  let firstRunId = "";
  let snapshot: Awaited<ReturnType<typeof nextRequest>>;

  beforeAll(async () => {
    original = await create(forkerId, "Visits");
    firstRunId = started(await send(original, "Visit a."))[0]!.runId!;
    afterFirst = await lastSeq(original);
    snapshot = await nextRequest(original);
    await send(original, "Visit b.");
    afterSecond = await lastSeq(original);
  });

  it("copies the log up to a finished turn, creates no run, usage or approval, and the next request is the original's there", async () => {
    const before = await totals();
    const res = await fork(original, { atSeq: afterFirst });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toEqual({ id: expect.any(String), forkedFrom: { conversationId: original, seq: afterFirst } });
    const id = res.json.id as string;
    expect(await totals()).toEqual(before);

    const copied = (await log(original)).filter((e) => e.seq <= afterFirst);
    expect(await log(id)).toEqual(copied);
    const view = await detail(id);
    expect(view).toMatchObject({
      title: "Visits (fork)",
      agentId: forkerId,
      agentVersion: 1,
      model: "scripted:forker",
      lastSeq: afterFirst,
      createdById: operatorId,
      runs: [],
      activeRun: null,
      forkedFrom: { conversationId: original, seq: afterFirst },
      replayOf: null,
    });
    expect((await detail(original)).forkedFrom).toBeNull();
    expect(await nextRequest(id)).toEqual(snapshot);

    const audit = await t.db.auditLog.findFirst({
      where: { action: "conversation.fork", target: `conversation:${id}` },
    });
    expect(audit?.actorId).toBe(operatorId);
    expect(audit?.details).toMatchObject({ forkedFrom: original, atSeq: afterFirst, version: 1 });
  });

  it("continues the tool's state numbering from the copy, and runs the fork's turn in the fork only", async () => {
    const id = await forked(original, { atSeq: afterFirst, title: "Again" });
    expect((await detail(id)).title).toBe("Again");
    const visit = await t.db.tool.findFirstOrThrow({ where: { name: "visit" } });
    expect(
      await t.db.toolStateSequence.findUnique({
        where: { toolId_conversationId: { toolId: visit.id, conversationId: id } },
        select: { lastSeq: true },
      }),
    ).toEqual({ lastSeq: 1 });
    const originalLog = await log(original);

    const frames = await send(id, "Visit b in the fork.");
    const [turn] = started(frames);
    expect(turn!.data).toMatchObject({ kind: "turn", model: "scripted:forker", agentVersion: 1 });
    const states = (await log(id)).filter((e) => e.type === "ToolStateEvent").map((e) => e.data);
    expect(states).toEqual([
      expect.objectContaining({ toolName: "visit", toolSeq: 1, payload: { visited: "a" } }),
      expect.objectContaining({ toolName: "visit", toolSeq: 2, payload: { visited: "b" } }),
    ]);
    // The original's log and runs are untouched; the fork's run is the fork's.
    expect(await log(original)).toEqual(originalLog);
    const runs = (await detail(id)).runs;
    expect(runs.map((r: { id: string; conversationId: string }) => r.conversationId)).toEqual([id]);
    expect(runs[0].id).toBe(turn!.runId);
  });

  it("keeps by-run reads in the run's own conversation: a copied run's detail and trace are the original's, once", async () => {
    await forked(original, { atSeq: afterSecond });
    const own = (await log(original)).filter((e) => e.runId === firstRunId);
    const res = await callRoute(run.GET, `/api/runs/${firstRunId}`, {
      params: { id: firstRunId },
      bearer: tokens.viewer,
    });
    expect(res.status).toBe(200);
    expect(res.json.run.conversationId).toBe(original);
    expect(res.json.events).toEqual(own);
    const traced = await callRoute(trace.GET, `/api/runs/${firstRunId}/trace`, {
      params: { id: firstRunId },
      bearer: tokens.viewer,
    });
    expect(traced.status).toBe(200);
    expect(traced.json.conversation.id).toBe(original);
    const toolSpans = traced.json.run.spans.filter((s: { type: string }) => s.type === "tool");
    expect(toolSpans.length).toBe(own.filter((e) => e.type === "ToolCallEvent").length);
    expect(toolSpans.length).toBe(1);
  });

  it("forks at 0 (an empty fork) and at an event between turns, with the model the original had there", async () => {
    const empty = await forked(original, { atSeq: 0 });
    expect(await log(empty)).toEqual([]);
    expect(await detail(empty)).toMatchObject({ lastSeq: 0, runs: [], forkedFrom: { seq: 0 } });

    const c = await create(forkerId);
    await send(c, "Visit a.");
    const beforeSwitch = await lastSeq(c);
    const switched = await callRoute(switchModel.POST, `/api/conversations/${c}/switch-model`, {
      params: { id: c },
      body: { key: "scripted:careful" },
      bearer: tokens.operator,
    });
    expect(switched.status).toBe(200);
    const atSwitch = switched.json.event.seq as number;
    await send(c, "Anything.");

    // After the switch: the careful model, no extra event.
    const afterSwitch = await forked(c, { atSeq: atSwitch });
    expect((await log(afterSwitch)).map((e) => e.seq)).toEqual(Array.from({ length: atSwitch }, (_, i) => i + 1));
    expect((await detail(afterSwitch)).model).toBe("scripted:careful");
    expect(started(await send(afterSwitch, "Hello."))[0]!.data.model).toBe("scripted:careful");
    // Before it: the model it had then, though the original has moved on.
    const beforeIt = await forked(c, { atSeq: beforeSwitch });
    expect((await detail(beforeIt)).model).toBe("scripted:forker");
    expect(await lastSeq(beforeIt)).toBe(beforeSwitch);
    expect(started(await send(beforeIt, "Visit b."))[0]!.data.model).toBe("scripted:forker");
  });

  it("runs another version or model when asked, and says so in the fork's log", async () => {
    const saved = await callRoute(agent.GET, `/api/agents/${forkerId}`, { params: { id: forkerId }, bearer: ADMIN });
    const v2 = await callRoute(agent.PUT, `/api/agents/${forkerId}`, {
      method: "PUT",
      params: { id: forkerId },
      body: { ...saved.json.agent, prompt: { template: "You record visits, version two." } },
      bearer: ADMIN,
    });
    expect(v2.json.agent.version, JSON.stringify(v2.json)).toBe(2);

    const byVersion = await forked(original, { atSeq: afterFirst, version: 2, modelKey: "scripted:careful" });
    const tail = (await log(byVersion)).slice(afterFirst);
    expect(tail.map((e) => [e.seq, e.runId, e.type, e.data])).toEqual([
      [afterFirst + 1, null, "AgentVersionChanged", { from: 1, to: 2, label: null }],
      [afterFirst + 2, null, "ModelSwitched", { from: "scripted:forker", to: "scripted:careful" }],
    ]);
    expect(await detail(byVersion)).toMatchObject({
      agentVersion: 2,
      model: "scripted:careful",
      lastSeq: afterFirst + 2,
    });
    const [turn] = started(await send(byVersion, "Hello."));
    expect(turn!.data).toMatchObject({ model: "scripted:careful", agentVersion: 2 });

    const moved = await callRoute(label.PUT, `/api/agents/${forkerId}/labels/staging`, {
      method: "PUT",
      params: { id: forkerId, label: "staging" },
      body: { version: 2 },
      bearer: ADMIN,
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const byLabel = await forked(original, { atSeq: afterFirst, label: "staging" });
    expect((await log(byLabel)).slice(afterFirst).map((e) => e.data)).toEqual([{ from: 1, to: 2, label: "staging" }]);
    expect(await detail(byLabel)).toMatchObject({ agentVersion: 2, model: "scripted:forker" });
  });

  it("forks after a failed turn", async () => {
    const c = await create(brittleId);
    await send(c, "Hello.");
    const frames = await send(c, "Again.");
    expect(frames.find((f) => f.event === "RunFinished")!.data.data.status).toBe("failed");
    const end = await lastSeq(c);
    const id = await forked(c, { atSeq: end });
    expect(await log(id)).toEqual(await log(c));
  });

  it("refuses a point inside a run or beyond the log, both a version and a label, an unknown model, a viewer and an unknown or deleted conversation; a refusal creates nothing", async () => {
    const gone = await create(forkerId);
    const count = await t.db.conversation.count();
    const inside = await fork(original, { atSeq: afterFirst + 1 });
    expect(inside.status).toBe(400);
    expect(inside.json.error).toMatchObject({ code: "validation_error", validSeqs: [0, afterFirst, afterSecond] });
    expect(inside.json.error.issues[0].path).toBe("atSeq");
    const first = await fork(original, { atSeq: 1 });
    expect(first.json.error.validSeqs).toEqual([0, afterFirst, afterSecond]);
    const beyond = await fork(original, { atSeq: afterSecond + 5 });
    expect(beyond.status).toBe(400);
    expect(beyond.json.error).toMatchObject({ code: "validation_error", validSeqs: [0, afterFirst, afterSecond] });

    const both = await fork(original, { atSeq: afterFirst, version: 1, label: "production" });
    expect(both.status).toBe(400);
    expect(both.json.error.code).toBe("validation_error");
    const unknownModel = await fork(original, { atSeq: afterFirst, modelKey: "openai:gpt-nope" });
    expect(unknownModel.status).toBe(409);
    expect(unknownModel.json.error.code).toBe("ModelSwitchError");
    const unknownVersion = await fork(original, { atSeq: afterFirst, version: 99 });
    expect(unknownVersion.status).toBe(404);
    const viewer = await fork(original, { atSeq: afterFirst }, tokens.viewer);
    expect(viewer.status).toBe(403);
    expect((await fork("nope", { atSeq: 0 })).status).toBe(404);

    const removed = await callRoute(conversation.DELETE, `/api/conversations/${gone}`, {
      method: "DELETE",
      params: { id: gone },
      bearer: tokens.operator,
    });
    expect(removed.status).toBe(200);
    expect((await fork(gone, { atSeq: 0 })).status).toBe(404);
    expect(await t.db.conversation.count()).toBe(count);
  });

  it("refuses a point inside a run that waits for approval, and forks before it", async () => {
    const billing = (await t.db.agent.findFirstOrThrow({ where: { name: "billing" } })).id;
    const c = await create(billing);
    const frames = await send(c, "Refund order A-1001, amount 10 USD.");
    const finished = frames.find((f) => f.event === "RunFinished")!.data as Logged;
    expect(finished.data).toMatchObject({ status: "suspended", stopReason: "awaiting_approval" });
    const refused = await fork(c, { atSeq: finished.seq });
    expect(refused.status).toBe(400);
    expect(refused.json.error.validSeqs).toEqual([0]);
    const empty = await forked(c, { atSeq: 0 });
    expect((await detail(empty)).pendingApprovals).toEqual([]);
  });

  it("lists a conversation's forks as branches, newest first; a fork of a fork records its direct parent", async () => {
    const c = await create(forkerId, "Family");
    await send(c, "Visit a.");
    const end = await lastSeq(c);
    const older = await forked(c, { atSeq: 0 });
    const newer = await forked(c, { atSeq: end, modelKey: "scripted:careful" });
    const grandchild = await forked(newer, { atSeq: end });
    const res = await callRoute(branches.GET, `/api/conversations/${c}/branches`, {
      params: { id: c },
      bearer: tokens.viewer,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      forkedFrom: null,
      replayOf: null,
      branches: [
        {
          id: newer,
          kind: "fork",
          title: "Family (fork)",
          seq: end,
          agentVersion: 2,
          modelKey: "scripted:careful",
          createdAt: expect.any(String),
        },
        expect.objectContaining({ id: older, kind: "fork", seq: 0 }),
      ],
    });
    const below = await callRoute(branches.GET, `/api/conversations/${grandchild}/branches`, {
      params: { id: grandchild },
      bearer: tokens.viewer,
    });
    expect(below.json).toEqual({ forkedFrom: { conversationId: newer, seq: end }, replayOf: null, branches: [] });
    expect((await detail(grandchild)).title).toBe("Family (fork) (fork)");
    expect((await callRoute(branches.GET, "/api/conversations/nope/branches", { params: { id: "nope" } })).status).toBe(
      401,
    );
    expect(
      (await callRoute(branches.GET, "/api/conversations/nope/branches", { params: { id: "nope" }, bearer: ADMIN }))
        .status,
    ).toBe(404);
  });
});

describe("a long conversation", () => {
  it("is copied whole in one fork (thousands of events)", async () => {
    const c = await create(forkerId);
    const turns = 750;
    const at = new Date("2026-12-01T00:00:00.000Z");
    const rows = Array.from({ length: turns }, (_, i) => {
      const runId = `long-${i}`;
      const data = [
        {
          type: "RunStarted",
          payload: { kind: "turn", parentRunId: null, agentId: forkerId, model: "scripted:forker" },
        },
        { type: "LlmMessageEvent", payload: { role: "user", parts: [{ type: "text", text: `Question ${i}` }] } },
        { type: "LlmMessageEvent", payload: { role: "assistant", parts: [{ type: "text", text: `Answer ${i}` }] } },
        {
          type: "RunFinished",
          payload: {
            status: "completed",
            stopReason: "end_turn",
            usage: { requests: 1, toolCalls: 0, inputTokens: 1, outputTokens: 1, totalTokens: 2 },
            costNanoUsd: 0,
          },
        },
      ];
      return data.map((d, k) => ({ conversationId: c, seq: i * 4 + k + 1, runId, createdAt: at, ...d }));
    }).flat();
    await t.db.event.createMany({ data: rows });
    await t.db.conversation.update({ where: { id: c }, data: { lastSeq: rows.length } });
    const id = await forked(c, { atSeq: rows.length - 4 });
    expect(await t.db.event.count({ where: { conversationId: id } })).toBe(rows.length - 4);
    expect((await fold(id)).messages).toHaveLength((turns - 1) * 2);
    expect((await fork(c, { atSeq: rows.length - 2 })).json.error.validSeqs).toEqual([
      rows.length - 12,
      rows.length - 8,
      rows.length - 4,
      rows.length,
    ]);
  });
});

describe("a fork's next request is the original's at that point", () => {
  it("after a manual compaction (not between its summarizer's usage and it)", async () => {
    const c = await create(manualFolderId);
    await send(c, "What is the population of Paris?");
    await send(c, "And of Lyon?");
    const done = await callRoute(compact.POST, `/api/conversations/${c}/compact`, {
      method: "POST",
      params: { id: c },
      bearer: tokens.operator,
    });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const at = done.json.event.seq as number;
    const snapshot = await nextRequest(c);
    expect(snapshot.view.summary).toMatchObject({ seq: at });
    await send(c, "And of Nice?");

    expect((await fork(c, { atSeq: at - 1 })).status).toBe(400);
    const id = await forked(c, { atSeq: at });
    expect(await nextRequest(id)).toEqual(snapshot);
    // The compaction browser lists the fold where it happened, not again under the fork.
    const listed = async (conversationId: string) =>
      (await callRoute(compactions.GET, `/api/compactions?conversationId=${conversationId}`, { bearer: tokens.viewer }))
        .json.compactions as Array<{ seq: number }>;
    expect((await listed(c)).map((x) => x.seq)).toEqual([at]);
    expect(await listed(id)).toEqual([]);
  });

  it("after an automatic compaction at a turn's head (not inside that turn)", async () => {
    const c = await create(folderId);
    await send(c, "What is the population of Paris?");
    await send(c, "And of Lyon?");
    const logged = await log(c);
    const compacted = logged.find((e) => e.type === "LlmContextCompactedEvent");
    expect(compacted?.runId).toEqual(expect.any(String));
    const end = logged.at(-1)!.seq;
    const snapshot = await nextRequest(c);
    expect(snapshot.view.summary).toMatchObject({ seq: compacted!.seq });
    await send(c, "And of Nice?");

    expect((await fork(c, { atSeq: compacted!.seq })).status).toBe(400);
    const id = await forked(c, { atSeq: end });
    expect(await nextRequest(id)).toEqual(snapshot);
  });

  it("in a conversation with child runs (an agent called as a tool)", async () => {
    const c = await create(leadId);
    const frames = await send(c, "Ask atlas how many people live in Paris.");
    const child = started(frames).find((s) => s.data.kind === "child");
    expect(child, "the lead delegates to atlas").toBeDefined();
    const childEnd = (await log(c)).find((e) => e.type === "RunFinished" && e.runId === child!.runId)!.seq;
    const end = await lastSeq(c);
    const snapshot = await nextRequest(c);
    await send(c, "And of Lyon?");

    expect((await fork(c, { atSeq: childEnd })).status).toBe(400);
    const id = await forked(c, { atSeq: end });
    expect(await nextRequest(id)).toEqual(snapshot);
    // The copied child run keeps its own context: the fork's next turn runs and answers.
    const next = await send(id, "And of Lyon?");
    expect(next.filter((f) => f.event === "RunFinished").map((f) => f.data.data.status)).toContain("completed");
  });
});
