/**
 * GET /api/runs on real turns (SQLite, or PostgreSQL with ATELIER_TEST_PG_URL): runs newest first
 * with their agent's name and first user message, filtered by agent, status and start time,
 * searched by message text and agent name (case-insensitive, LIKE's wildcards taken literally),
 * a page at a time with the total; a bad parameter is a 400 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import type { RunListPage } from "@/lib/runs/read-models/runs/run-list.shared";
import { RunListPage as RunListPageSchema } from "@/lib/runs/read-models/runs/run-list.shared";
import { closeServer } from "@/lib/server/server";
import * as agents from "../agents/route";
import * as conversations from "../conversations/route";
import * as messages from "../conversations/[id]/messages/route";
import * as runs from "./route";

let t: TestDatabase;
const ADMIN = "runs-list-int-admin-token-0123456789";
const savedEnv = { ...process.env };
const ids: Record<string, string> = {};

async function list(
  query = "",
): Promise<{ status: number; json: RunListPage & { error?: { issues: Array<{ path: string }> } } }> {
  return callRoute(runs.GET, `/api/runs${query}`, { bearer: ADMIN });
}

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  const agent = async (name: string, text: string) => {
    const res = await callRoute(agents.POST, "/api/agents", {
      bearer: ADMIN,
      body: {
        name,
        description: `${name}: answers with one scripted line, for the runs list test.`,
        prompt: { template: `You are ${name}.`, params: {} },
        model: { provider: "scripted", model: `${name}-script`, script: [{ text }, { text }, { text }] },
        tools: [],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.agent.id as string;
  };
  ids.billing = await agent("billing-helper", "Done.");
  ids.travel = await agent("travel-planner", "Booked.");
  const send = async (agentId: string, content: string) => {
    const conv = await callRoute(conversations.POST, "/api/conversations", { body: { agentId }, bearer: ADMIN });
    await callRoute(messages.POST, `/api/conversations/${conv.json.id}/messages`, {
      params: { id: conv.json.id },
      body: { content },
      bearer: ADMIN,
    });
    const run = await t.db.run.findFirstOrThrow({
      where: { conversationId: conv.json.id },
      orderBy: { startedAt: "desc" },
    });
    return run.id;
  };
  ids.refund = await send(ids.billing, "Please REFUND order 50%_off #1");
  ids.invoice = await send(ids.billing, "Send the invoice for March");
  ids.trip = await send(ids.travel, "Plan a trip to Lisbon");
  // One failed run, started a day earlier.
  await t.db.run.update({
    where: { id: ids.invoice },
    data: { status: "failed", stopReason: "error", startedAt: new Date(Date.now() - 86_400_000) },
  });
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

const idsOf = (page: RunListPage) => page.runs.map((r) => r.id);

describe("GET /api/runs", () => {
  it("lists runs newest first with the agent's name, the first user message, tokens, cost and duration", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const page = RunListPageSchema.parse(res.json);
    expect(page).toMatchObject({ total: 3, page: 1, limit: 100 });
    expect(idsOf(page)).toEqual([ids.trip, ids.refund, ids.invoice]);
    expect(page.runs[0]).toMatchObject({
      agentName: "travel-planner",
      prompt: "Plan a trip to Lisbon",
      status: "completed",
      kind: "turn",
      requests: 1,
    });
    expect(page.runs[0]!.totalTokens).toBe(page.runs[0]!.inputTokens + page.runs[0]!.outputTokens);
    expect(page.runs[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("filters by agent and by status, and both", async () => {
    expect(idsOf((await list(`?agentId=${ids.billing}`)).json)).toEqual([ids.refund, ids.invoice]);
    expect(idsOf((await list("?status=failed")).json)).toEqual([ids.invoice]);
    expect(idsOf((await list(`?agentId=${ids.travel}&status=failed`)).json)).toEqual([]);
  });

  it("filters by start time: a day covers the whole day; a date-time is exact", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(idsOf((await list(`?from=${today}`)).json).sort()).toEqual([ids.refund, ids.trip].sort());
    expect(idsOf((await list(`?to=${yesterday}`)).json)).toEqual([ids.invoice]);
    expect(idsOf((await list(`?from=${yesterday}&to=${yesterday}`)).json)).toEqual([ids.invoice]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await list(`?from=${encodeURIComponent(future)}`)).json.total).toBe(0);
  });

  it("searches the first user message and the agent's name, ignoring case, wildcards taken literally", async () => {
    expect(idsOf((await list("?q=refund")).json)).toEqual([ids.refund]);
    expect(idsOf((await list("?q=lisbon")).json)).toEqual([ids.trip]);
    expect(idsOf((await list(`?q=${encodeURIComponent("50%_off")}`)).json)).toEqual([ids.refund]);
    expect((await list(`?q=${encodeURIComponent("%")}`)).json.runs.map((r) => r.id)).toEqual([ids.refund]);
    expect(idsOf((await list("?q=TRAVEL-PLAN")).json)).toEqual([ids.trip]);
    // The answer's text is not the user's message.
    expect((await list("?q=Booked")).json.total).toBe(0);
    expect(idsOf((await list(`?q=invoice&status=failed&agentId=${ids.billing}`)).json)).toEqual([ids.invoice]);
  });

  it("pages with the total across pages; the old ?limit= alone still works", async () => {
    const first = (await list("?limit=2")).json;
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(idsOf(first)).toEqual([ids.trip, ids.refund]);
    const second = (await list("?limit=2&page=2")).json;
    expect(idsOf(second)).toEqual([ids.invoice]);
    expect((await list("?limit=2&page=3")).json).toMatchObject({ total: 3, runs: [] });
  });

  it("a bad parameter is a 400 naming it", async () => {
    for (const [query, field] of [
      ["?status=done", "status"],
      ["?from=yesterday", "from"],
      ["?page=0", "page"],
      ["?from=2026-12-02&to=2026-12-01", "from"],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.json.error!.issues[0]!.path).toBe(field);
    }
  });
});
