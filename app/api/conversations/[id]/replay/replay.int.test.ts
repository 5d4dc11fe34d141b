/**
 * Replaying a conversation through the HTTP API (SQLite, and PostgreSQL when ATELIER_TEST_PG_URL is
 * set; docs/time-travel.md, "Replay"): 202 at once, then a queued job re-sends the user messages as
 * real turns (Run rows, usage) with every tool call answered from the original's record (no tool
 * runs: no ToolStateEvent; no Approval even for a tool that needs one), the manual compaction and
 * the model switch re-applied at their points; `replayStatus` ends completed. Refusals create nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createRoleTokens } from "@/lib/api/testing/role-tokens";
import type { Role } from "@/lib/auth/roles.shared";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import type { StoredEvent } from "@/lib/events/event-types";
import { readConversationEvents } from "@/lib/runs/infra/store/prisma-run-store";
import { parseSse } from "@/lib/runs/testing/sse";
import { closeServer } from "@/lib/server/server";
import * as tools from "@/app/api/tools/route";
import * as agents from "@/app/api/agents/route";
import * as conversations from "@/app/api/conversations/route";
import * as conversation from "@/app/api/conversations/[id]/route";
import * as messages from "@/app/api/conversations/[id]/messages/route";
import * as compact from "@/app/api/conversations/[id]/compact/route";
import * as switchModel from "@/app/api/conversations/[id]/switch-model/route";
import * as decision from "@/app/api/approvals/[id]/decision/route";
import * as forkRoute from "../fork/route";
import * as replayRoute from "./route";
import { failAbandonedReplays } from "@/lib/runs/infra/store/replay-status";

let t: TestDatabase;
const ADMIN = "replay-int-admin-token-0123456789abcdef";
const savedEnv = { ...process.env };
const tokens: Partial<Record<Role, string>> = {};
let agentId = "";

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
const SHIP = `import { tool, type RunContext } from "atelier";

/**
 * Ship a version of the house's website to its visitors; they see it at once.
 *
 * @param version The version to ship.
 */
export default tool({ sideEffecting: true, requiresApproval: true }, function ship(version: string, ctx: RunContext): string {
  ctx.emit({ shipped: version });
  return "shipped " + version;
});
`;

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  Object.assign(tokens, await createRoleTokens(t.db, ["viewer", "operator", "approver"], "replay.test"));
  const ids: string[] = [];
  for (const source of [VISIT, SHIP]) {
    const res = await callRoute(tools.POST, "/api/tools", { body: { source }, bearer: ADMIN });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    ids.push(res.json.tool.id);
  }
  const created = await callRoute(agents.POST, "/api/agents", {
    bearer: ADMIN,
    body: {
      name: "replayer",
      description: "Records visits and ships the website, for the replay test.",
      prompt: { template: "You record visits and ship." },
      model: [
        {
          provider: "scripted",
          model: "replayer",
          script: [
            { toolCalls: [{ toolName: "visit", args: { name: "a" } }] },
            { toolCalls: [{ toolName: "ship", args: { version: "1.0" } }] },
            { text: "Visited and shipped." },
            { text: "Three." },
            { text: "Four." },
          ],
        },
        { provider: "scripted", model: "careful", script: [1, 2, 3, 4, 5, 6].map((n) => ({ text: `Careful ${n}.` })) },
      ],
      compaction: { strategy: "sliding_window", autoTrigger: false, keepRecentMessages: 2 },
      tools: ids.map((toolId) => ({ toolId })),
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  agentId = created.json.agent.id;
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

const create = async (title?: string) => {
  const res = await callRoute(conversations.POST, "/api/conversations", {
    body: { agentId, ...(title ? { title } : {}) },
    bearer: tokens.operator,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
};
const send = async (id: string, content: string) => {
  const res = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
    params: { id },
    body: { content },
    bearer: tokens.operator,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return parseSse(res.json);
};
const replay = (id: string, body: Record<string, unknown> = {}, bearer = tokens.operator) =>
  callRoute(replayRoute.POST, `/api/conversations/${id}/replay`, { params: { id }, body, bearer });
const detail = async (id: string) =>
  (await callRoute(conversation.GET, `/api/conversations/${id}`, { params: { id }, bearer: tokens.viewer })).json;

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const settledReplay = (id: string) =>
  until(
    `replay ${id}`,
    () => t.db.conversation.findUniqueOrThrow({ where: { id } }),
    (c) => c.replayStatus === "completed" || c.replayStatus === "failed",
  );
const userTexts = (events: StoredEvent[]) =>
  events.flatMap((e) =>
    e.type === "LlmMessageEvent" && e.data.role === "user"
      ? [e.data.parts.map((p) => (p.type === "text" ? p.text : "")).join("")]
      : [],
  );

describe("POST /api/conversations/{id}/replay", () => {
  let original = "";

  beforeAll(async () => {
    original = await create("Visits");
    await send(original, "Visit a, then ship 1.0.");
    // ship waits for approval: a replay of an unsettled log is refused, nothing created.
    const before = await t.db.conversation.count();
    const suspended = await replay(original);
    expect(suspended.status, JSON.stringify(suspended.json)).toBe(409);
    expect(suspended.json.error.code).toBe("RunSuspended");
    expect(await t.db.conversation.count()).toBe(before);

    const approval = await t.db.approval.findFirstOrThrow({ where: { conversationId: original } });
    const decided = await callRoute(decision.POST, `/api/approvals/${approval.id}/decision`, {
      params: { id: approval.id },
      body: { decision: "approve", argumentsHash: approval.argumentsHash },
      bearer: tokens.approver,
    });
    expect(decided.status, JSON.stringify(decided.json)).toBe(200);
    await until(
      "the resumed run",
      () => t.db.run.findMany({ where: { conversationId: original } }),
      (runs) => runs.length > 0 && runs.every((r) => r.status === "completed"),
    );
    await until(
      "the claim's release",
      () => t.db.runLease.count({ where: { conversationId: original } }),
      (n) => n === 0,
    );
    const folded = await callRoute(compact.POST, `/api/conversations/${original}/compact`, {
      params: { id: original },
      body: { strategy: "sliding_window" },
      bearer: tokens.operator,
    });
    expect(folded.status, JSON.stringify(folded.json)).toBe(200);
    const switched = await callRoute(switchModel.POST, `/api/conversations/${original}/switch-model`, {
      params: { id: original },
      body: { key: "scripted:careful" },
      bearer: tokens.operator,
    });
    expect(switched.status, JSON.stringify(switched.json)).toBe(200);
    await send(original, "Thanks!");
  });

  it("answers 202 at once and re-plays the log: recorded results, no tool run, no approval, real runs, the compaction and the switch at their points", async () => {
    const originalEvents = await readConversationEvents(t.db, original);
    expect(originalEvents.filter((e) => e.type === "ToolStateEvent")).toHaveLength(2);

    const res = await replay(original);
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    expect(res.json).toEqual({ id: expect.any(String) });
    const id = res.json.id as string;
    const row = await settledReplay(id);
    expect(row).toMatchObject({
      replayOfId: original,
      replayToolResults: "recorded",
      replayStatus: "completed",
      title: "Visits (replay)",
      agentId,
    });

    const events = await readConversationEvents(t.db, id);
    expect(userTexts(events)).toEqual(["Visit a, then ship 1.0.", "Thanks!"]);
    const returns = events.flatMap((e) => (e.type === "ToolReturnEvent" ? [e.data] : []));
    expect(returns.map((r) => [r.toolName, r.success, r.replayed])).toEqual([
      ["visit", true, true],
      ["ship", true, true],
    ]);
    // The recorded results reached the model; nothing ran (no state emitted) and nothing was held.
    const results = events.flatMap((e) =>
      e.type === "LlmMessageEvent" && e.data.role === "tool"
        ? e.data.parts.map((p) => (p.type === "tool-result" ? p.output : null))
        : [],
    );
    expect(results).toEqual([
      { type: "text", value: "visited a" },
      { type: "text", value: "shipped 1.0" },
    ]);
    expect(events.filter((e) => e.type === "ToolStateEvent" || e.type === "ApprovalRequested")).toEqual([]);
    expect(await t.db.approval.count({ where: { conversationId: id } })).toBe(0);

    // Real runs with their usage, one per turn.
    const runs = await t.db.run.findMany({ where: { conversationId: id }, orderBy: { startedAt: "asc" } });
    expect(runs.map((r) => [r.kind, r.status, r.model])).toEqual([
      ["turn", "completed", "scripted:replayer"],
      ["turn", "completed", "scripted:careful"],
    ]);
    expect(await t.db.usageRecord.count({ where: { conversationId: id } })).toBe(4);

    // Between the turns: the window compaction (outside any run), then the model switch.
    const between = events.filter((e) => !e.runId).map((e) => e.type);
    expect(between).toEqual(["LlmContextCompactedEvent", "ModelSwitched"]);
    const types = events.map((e) => e.type);
    const secondTurn = types.lastIndexOf("RunStarted");
    expect(types.indexOf("LlmContextCompactedEvent")).toBeLessThan(secondTurn);
    expect(events.find((e) => e.type === "ModelSwitched")?.data).toEqual({
      from: "scripted:replayer",
      to: "scripted:careful",
    });
    expect(events.find((e) => e.type === "LlmContextCompactedEvent")?.data).toMatchObject({
      strategyId: "sliding_window",
    });
    expect(await t.db.runLease.count({ where: { conversationId: id } })).toBe(0);
    expect((await detail(id)).replayOf).toEqual({
      conversationId: original,
      toolResults: "recorded",
      status: "completed",
    });
  });

  it("runs every turn on the model asked for and does not follow the original's switches", async () => {
    const res = await replay(original, { modelKey: "scripted:careful", toolResults: "live-pure", title: "Careful" });
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    const row = await settledReplay(res.json.id);
    expect(row).toMatchObject({ replayStatus: "completed", replayToolResults: "live-pure", title: "Careful" });
    const events = await readConversationEvents(t.db, res.json.id);
    expect(events.filter((e) => e.type === "ModelSwitched")).toEqual([]);
    const runs = await t.db.run.findMany({ where: { conversationId: res.json.id } });
    expect(runs.map((r) => r.model)).toEqual(["scripted:careful", "scripted:careful"]);
  });

  it("replays a fork from its copied events (which have no Run rows)", async () => {
    const compacted = (await readConversationEvents(t.db, original)).find(
      (e) => e.type === "LlmContextCompactedEvent",
    )!;
    const fork = await callRoute(forkRoute.POST, `/api/conversations/${original}/fork`, {
      params: { id: original },
      body: { atSeq: compacted.seq },
      bearer: tokens.operator,
    });
    expect(fork.status, JSON.stringify(fork.json)).toBe(201);
    const forkId = fork.json.id as string;
    expect(await t.db.run.count({ where: { conversationId: forkId } })).toBe(0);

    const res = await replay(forkId);
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    expect(await settledReplay(res.json.id)).toMatchObject({ replayOfId: forkId, replayStatus: "completed" });
    const events = await readConversationEvents(t.db, res.json.id);
    expect(userTexts(events)).toEqual(["Visit a, then ship 1.0."]);
    expect(events.flatMap((e) => (e.type === "ToolReturnEvent" ? [[e.data.toolName, e.data.replayed]] : []))).toEqual([
      ["visit", true],
      ["ship", true],
    ]);
    expect(events.filter((e) => !e.runId).map((e) => e.type)).toEqual(["LlmContextCompactedEvent"]);
  });

  it("marks replays a stopped server left queued or running without a claim as failed", async () => {
    const { workspaceId } = await t.db.conversation.findUniqueOrThrow({ where: { id: original } });
    const row = (replayStatus: string) =>
      t.db.conversation.create({
        data: { workspaceId, agentId, replayOfId: original, replayStatus },
        select: { id: true },
      });
    const [left, claimed, done] = [await row("running"), await row("running"), await row("completed")];
    await t.db.runLease.create({
      data: { conversationId: claimed.id, token: `replay-test-${claimed.id}`, kind: "replay", payload: "{}" },
    });
    expect(await failAbandonedReplays(t.db)).toBe(1);
    const status = async (id: string) => (await t.db.conversation.findUniqueOrThrow({ where: { id } })).replayStatus;
    expect([await status(left.id), await status(claimed.id), await status(done.id)]).toEqual([
      "failed",
      "running",
      "completed",
    ]);
    await t.db.runLease.deleteMany({ where: { conversationId: claimed.id } });
  });

  it("refuses before anything is created", async () => {
    const empty = await create();
    const before = { conversations: await t.db.conversation.count(), leases: await t.db.runLease.count() };
    const cases: Array<[Promise<Awaited<ReturnType<typeof replay>>>, number, string]> = [
      [replay("no-such-conversation"), 404, "not_found"],
      [replay(original, {}, tokens.viewer), 403, "forbidden"],
      [replay(original, { version: 1, label: "production" }), 400, "validation_error"],
      [replay(original, { toolResults: "everything" }), 400, "validation_error"],
      [replay(original, { modelKey: "scripted:nobody" }), 409, "ModelSwitchError"],
      [replay(original, { version: 9 }), 404, "not_found"],
      [replay(empty), 400, "validation_error"],
    ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      expect(res.status, JSON.stringify(res.json)).toBe(status);
      expect(res.json.error.code).toBe(code);
    }
    expect({ conversations: await t.db.conversation.count(), leases: await t.db.runLease.count() }).toEqual(before);
  });
});
