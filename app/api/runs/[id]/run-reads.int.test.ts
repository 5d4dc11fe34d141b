/**
 * GET /api/runs/{id} and GET /api/runs/{id}/trace read by run — the run, the runs below it and
 * their events — never the whole conversation: in a conversation with hundreds of other runs (and
 * their child runs and system prompts) the answers are right and the rows read are the run's own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import type { Db } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import type { StoredEvent } from "@/lib/events/event-types";
import { getRunTrace } from "@/lib/runs/read-models/traces/load-run-trace";
import type { TraceModelSpan } from "@/lib/runs/read-models/traces/trace-wire.shared";
import { getRunView } from "@/lib/runs/read-models/runs/run-views";
import { parseSse } from "@/lib/runs/testing/sse";
import { closeServer } from "@/lib/server/server";
import * as agents from "../../agents/route";
import * as conversations from "../../conversations/route";
import * as messages from "../../conversations/[id]/messages/route";
import * as events from "../../conversations/[id]/events/route";
import * as run from "./route";
import * as trace from "./trace/route";

let t: TestDatabase;
const ADMIN = "run-reads-int-admin-token-0123456789";
const savedEnv = { ...process.env };
let conversationId = "";
let agentId = "";
/** The first and second turns through the route; the second has no system prompt of its own. */
let firstTurn = "";
let secondTurn = "";
const log: StoredEvent[] = [];

/** Other runs, straight to the log: `runs` turns, each with a child run and `perRun` events apiece. */
async function appendOtherRuns(runs: number, perRun: number): Promise<void> {
  const conv = await t.db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
  let seq = conv.lastSeq;
  const rows: Array<{ conversationId: string; seq: number; runId: string; type: string; payload: object }> = [];
  for (let i = 0; i < runs; i++) {
    const turn = await t.db.run.create({ data: { conversationId, agentId, status: "completed", kind: "turn" } });
    const child = await t.db.run.create({
      data: { conversationId, agentId, status: "completed", kind: "child", parentRunId: turn.id, depth: 1 },
    });
    for (const runId of [turn.id, child.id]) {
      rows.push({
        conversationId,
        seq: ++seq,
        runId,
        type: "LlmSystemPromptEvent",
        payload: { parts: [{ dynamicRef: null, content: `other prompt ${seq}` }], contentHash: `other-${seq}` },
      });
      for (let k = 1; k < perRun; k++)
        rows.push({
          conversationId,
          seq: ++seq,
          runId,
          type: "LlmMessageEvent",
          payload: { role: "user", parts: [{ type: "text", text: `other ${seq}` }] },
        });
    }
  }
  await t.db.event.createMany({ data: rows });
  await t.db.conversation.update({ where: { id: conversationId }, data: { lastSeq: seq } });
}

/** The same client, counting the rows each model's reads answered. */
function counting(db: Db): { db: Db; rows: Map<string, number>; reset(): void } {
  const rows = new Map<string, number>();
  const counted = db.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        const r = await query(args);
        if (operation.startsWith("find") || operation === "aggregate" || operation === "count") {
          const n = Array.isArray(r) ? r.length : r ? 1 : 0;
          rows.set(model ?? "raw", (rows.get(model ?? "raw") ?? 0) + n);
        }
        return r;
      },
    },
  }) as unknown as Db;
  return { db: counted, rows, reset: () => rows.clear() };
}

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  // A prompt without dynamic parts: the second turn records no system prompt of its own.
  const created = await callRoute(agents.POST, "/api/agents", {
    bearer: ADMIN,
    body: {
      name: "census",
      description: "Answers population questions with the city_population tool.",
      prompt: { template: "You answer population questions.", params: {} },
      model: { provider: "demo", model: "demo" },
      tools: [{ toolId: (await t.db.tool.findFirstOrThrow({ where: { name: "city_population" } })).id }],
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  agentId = created.json.agent.id;
  const c = await callRoute(conversations.POST, "/api/conversations", { body: { agentId }, bearer: ADMIN });
  conversationId = c.json.id;
  // 150 other turns before ours (each with a child run and a system prompt apiece), 150 after.
  await appendOtherRuns(150, 6);
  const turn = async (content: string) => {
    const res = await callRoute(messages.POST, `/api/conversations/${conversationId}/messages`, {
      params: { id: conversationId },
      body: { content },
      bearer: ADMIN,
    });
    expect(res.status).toBe(200);
    return parseSse(res.json).find((f) => f.event === "RunStarted")!.data.runId as string;
  };
  firstTurn = await turn("What is the population of Paris?");
  secondTurn = await turn("What is the population of Tokyo?");
  await appendOtherRuns(150, 6);
  for (let after = 0; ;) {
    const page = await callRoute(events.GET, `/api/conversations/${conversationId}/events?after=${after}&limit=5000`, {
      params: { id: conversationId },
      bearer: ADMIN,
    });
    log.push(...(page.json.events as StoredEvent[]));
    if (page.json.events.length < 5000) break;
    after = log.at(-1)!.seq;
  }
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

describe("GET /api/runs/{id}", () => {
  it("answers the run and exactly its events, in order", async () => {
    const res = await callRoute(run.GET, `/api/runs/${secondTurn}`, { params: { id: secondTurn }, bearer: ADMIN });
    expect(res.status).toBe(200);
    const own = log.filter((e) => e.runId === secondTurn);
    expect(own.length).toBeGreaterThan(5);
    expect(res.json.events).toEqual(own);
    expect(res.json.run).toMatchObject({ id: secondTurn, status: "completed", agentName: "census", childRunIds: [] });
  });

  it("reads only that run's events and row, not the conversation's", async () => {
    const c = counting(t.db);
    const view = await getRunView(c.db, secondTurn);
    expect(view.events).toHaveLength(log.filter((e) => e.runId === secondTurn).length);
    expect(c.rows.get("Event")).toBe(view.events.length);
    expect(c.rows.get("Run") ?? 0).toBeLessThanOrEqual(2);
  });
});

describe("GET /api/runs/{id}/trace", () => {
  it("uses the system prompt the first turn recorded, and reads only the run's rows and a few prompts", async () => {
    const res = await callRoute(trace.GET, `/api/runs/${secondTurn}/trace`, {
      params: { id: secondTurn },
      bearer: ADMIN,
    });
    expect(res.status).toBe(200);
    const prompt = log.find((e) => e.runId === firstTurn && e.type === "LlmSystemPromptEvent");
    expect(prompt?.type).toBe("LlmSystemPromptEvent");
    const hash = prompt!.type === "LlmSystemPromptEvent" ? prompt!.data.contentHash : "";
    const models = res.json.run.spans.filter((s: TraceModelSpan) => s.type === "model") as TraceModelSpan[];
    expect(models).toHaveLength(2);
    for (const m of models) expect(m.systemPromptHash).toBe(hash);
    expect(Object.keys(res.json.systemPrompts)).toEqual([hash]);
    expect(res.json.run.spans.filter((s: { type: string }) => s.type === "tool")).toHaveLength(1);

    const c = counting(t.db);
    const counted = await getRunTrace(c.db, secondTurn);
    expect(counted).toEqual(res.json);
    const own = log.filter((e) => e.runId === secondTurn).length;
    expect(c.rows.get("Event")).toBeLessThanOrEqual(own + 5);
    expect(c.rows.get("Run") ?? 0).toBeLessThanOrEqual(5);
  });

  it("a trace of another turn finds its own child run and prompt", async () => {
    const other = await t.db.run.findFirstOrThrow({
      where: { conversationId, kind: "turn", NOT: { id: { in: [firstTurn, secondTurn] } } },
      orderBy: { startedAt: "desc" },
    });
    const c = counting(t.db);
    const got = await getRunTrace(c.db, other.id);
    expect(got.run.id).toBe(other.id);
    const children = got.run.spans.filter((s) => s.type === "run");
    expect(children).toHaveLength(1);
    expect(c.rows.get("Run") ?? 0).toBeLessThanOrEqual(5);
    expect(c.rows.get("Event")).toBeLessThanOrEqual(12 + 5);
  });
});
