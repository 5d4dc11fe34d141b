/**
 * GET /api/conversations/{id}/compare/{otherId}: two conversations of the demo agent aligned by
 * turn, read from their events — a fork's copied turns (events with the original's runId, seq and
 * createdAt, no Run rows) compare equal to the original's, at the same cost.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { ConversationComparison } from "@/lib/runs/read-models/branches/branch-views.shared";
import * as conversations from "../../../route";
import * as conversation from "../../route";
import * as fork from "../../fork/route";
import * as messages from "../../messages/route";
import * as compare from "./route";

let t: TestDatabase;
const ADMIN = "compare-int-admin-token-0123456789";
const savedEnv = { ...process.env };
let atlasId = "";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  atlasId = (await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } })).id;
});
afterAll(async () => {
  process.env = savedEnv;
  await t?.cleanup();
});

async function create(): Promise<string> {
  const c = await callRoute(conversations.POST, "/api/conversations", { body: { agentId: atlasId }, bearer: ADMIN });
  expect(c.status).toBe(201);
  return c.json.id;
}

async function send(id: string, content: string) {
  const res = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
    params: { id },
    body: { content },
    bearer: ADMIN,
  });
  expect(res.status).toBe(200);
}

const get = (id: string, otherId: string) =>
  callRoute(compare.GET, `/api/conversations/${id}/compare/${otherId}`, { params: { id, otherId }, bearer: ADMIN });

async function comparison(id: string, otherId: string): Promise<ConversationComparison> {
  const res = await get(id, otherId);
  expect(res.status).toBe(200);
  return ConversationComparison.parse(res.json);
}

/** What a fork does to the log: a new conversation holding a copy of `id`'s events, no Run rows. */
async function copyOf(id: string): Promise<string> {
  const original = await t.db.conversation.findUniqueOrThrow({ where: { id } });
  const copy = await t.db.conversation.create({
    data: {
      workspaceId: original.workspaceId,
      agentId: original.agentId,
      agentVersion: original.agentVersion,
      lastSeq: original.lastSeq,
      forkedFromConversationId: id,
      forkedFromSeq: original.lastSeq,
    },
  });
  const events = await t.db.event.findMany({ where: { conversationId: id }, orderBy: { seq: "asc" } });
  await t.db.event.createMany({
    data: events.map((e) => ({
      conversationId: copy.id,
      seq: e.seq,
      runId: e.runId,
      type: e.type,
      payload: e.payload ?? {},
      createdAt: e.createdAt,
    })),
  });
  return copy.id;
}

describe("comparing two conversations", () => {
  it("aligns turns, finds where the paths diverged, and totals each side", async () => {
    const a = await create();
    const b = await create();
    await send(a, "What is the population of Paris?");
    await send(b, "What is the population of Paris?");
    await send(a, "What is the population of Tokyo?");
    await send(b, "What is the population of Berlin?");
    await send(b, "What is the population of Rome?");

    const c = await comparison(a, b);
    expect(c.left).toMatchObject({ id: a, agentId: atlasId, agentVersion: 1, modelKey: "demo:demo" });
    expect(c.right.id).toBe(b);
    expect(c.turns.map((x) => [x.index, x.left?.userMessage ?? null, x.right?.userMessage ?? null])).toEqual([
      [0, "What is the population of Paris?", "What is the population of Paris?"],
      [1, "What is the population of Tokyo?", "What is the population of Berlin?"],
      [2, null, "What is the population of Rome?"],
    ]);
    expect(c.divergedAtTurn).toBe(1);

    const [first] = c.turns;
    expect(first!.left!.answer).toBeTruthy();
    expect(first!.left!.answer).toBe(first!.right!.answer);
    expect(first!.left!.toolCalls).toEqual([
      expect.objectContaining({ name: "city_population", isError: false, replayed: false }),
    ]);
    expect(first!.left!.toolCalls[0]!.arguments).toEqual(first!.right!.toolCalls[0]!.arguments);
    expect(first!.left!.tokens).toBeGreaterThan(0);
    expect(first!.identical).toBe(true);
    expect(c.turns[1]!.identical).toBe(false);
    expect(first!.left!.latencyMs).not.toBeNull();
    expect(c.turns[1]!.left!.toolCalls[0]!.arguments).not.toEqual(c.turns[1]!.right!.toolCalls[0]!.arguments);

    expect(c.totals.left.turns).toBe(2);
    expect(c.totals.right.turns).toBe(3);
    // Tokens, cost and pricing as the usage events recorded them (the demo model's seeded price, if any).
    const usage = (await t.db.event.findMany({ where: { conversationId: a, type: "LlmUsageEvent" } })).map(
      (e) => e.payload as { totalTokens: number; costNanoUsd: number; priced: boolean },
    );
    expect(c.totals.left.tokens).toBe(usage.reduce((n, u) => n + u.totalTokens, 0));
    expect(c.totals.left.costNanoUsd).toBe(usage.reduce((n, u) => n + u.costNanoUsd, 0));
    const priced = usage.filter((u) => u.priced).length;
    expect(c.totals.left.pricing).toBe(priced === usage.length ? "all" : priced === 0 ? "none" : "some");
    const sum = (side: "left" | "right") => c.turns.reduce((n, x) => n + (x[side]?.tokens ?? 0), 0);
    expect(c.totals.left.tokens).toBe(sum("left"));
    expect(c.totals.right.tokens).toBe(sum("right"));

    // Swapped, the sides swap.
    const swapped = await comparison(b, a);
    expect(swapped.totals).toEqual({ left: c.totals.right, right: c.totals.left });
    expect(swapped.divergedAtTurn).toBe(1);
  });

  it("shows a fork's copied turns identical to the original's, at the same cost, until the fork goes on", async () => {
    const original = await create();
    await send(original, "What is the population of Paris?");
    // Give the original's requests distinctive prices, as a priced model's would have.
    const usage = await t.db.event.findMany({ where: { conversationId: original, type: "LlmUsageEvent" } });
    for (const [i, e] of usage.entries())
      await t.db.event.update({
        where: { conversationId_seq: { conversationId: original, seq: e.seq } },
        data: { payload: { ...(e.payload as object), priced: true, costNanoUsd: 1_000_000 + i } },
      });

    const fork = await copyOf(original);
    expect(await t.db.run.count({ where: { conversationId: fork } })).toBe(0);
    const same = await comparison(original, fork);
    expect(same.divergedAtTurn).toBeNull();
    expect(same.turns).toHaveLength(1);
    expect(same.turns[0]!.right).toEqual(same.turns[0]!.left);
    expect(same.turns[0]!.left!.costNanoUsd).toBe(2_000_001);
    expect(same.turns[0]!.left!.pricing).toBe("all");
    expect(same.totals.right).toEqual(same.totals.left);

    await send(fork, "What is the population of Tokyo?");
    const after = await comparison(original, fork);
    expect(after.divergedAtTurn).toBe(1);
    expect(after.turns[1]).toMatchObject({ left: null, right: { userMessage: "What is the population of Tokyo?" } });
    expect(after.turns[0]!.right).toEqual(after.turns[0]!.left);
  });

  it("shows a fork made by POST …/fork identical to its original up to the fork point", async () => {
    const original = await create();
    await send(original, "What is the population of Paris?");
    const { lastSeq } = await t.db.conversation.findUniqueOrThrow({ where: { id: original } });
    await send(original, "What is the population of Tokyo?");
    const forked = await callRoute(fork.POST, `/api/conversations/${original}/fork`, {
      params: { id: original },
      body: { atSeq: lastSeq },
      bearer: ADMIN,
    });
    expect(forked.status).toBe(201);
    const forkId = forked.json.id as string;
    await send(forkId, "What is the population of Berlin?");

    const c = await comparison(forkId, original);
    expect(c.divergedAtTurn).toBe(1);
    expect(c.turns.map((x) => x.identical)).toEqual([true, false]);
    expect(c.turns[0]!.left).toEqual(c.turns[0]!.right);
    expect(c.turns[1]!.left!.userMessage).toBe("What is the population of Berlin?");
    expect(c.turns[1]!.right!.userMessage).toBe("What is the population of Tokyo?");
  });

  it("compares a conversation with itself: identical", async () => {
    const a = await create();
    await send(a, "What is the population of Paris?");
    const c = await comparison(a, a);
    expect(c.divergedAtTurn).toBeNull();
    expect(c.turns[0]!.left).toEqual(c.turns[0]!.right);
  });

  it("answers 404 for an unknown or deleted conversation on either side", async () => {
    const a = await create();
    const missing = await get(a, "no-such-conversation");
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({ code: "not_found" });
    expect((await get("no-such-conversation", a)).status).toBe(404);

    const gone = await create();
    const del = await callRoute(conversation.DELETE, `/api/conversations/${gone}`, {
      method: "DELETE",
      params: { id: gone },
      bearer: ADMIN,
    });
    expect(del.status).toBe(200);
    expect((await get(a, gone)).status).toBe(404);
  });
});
