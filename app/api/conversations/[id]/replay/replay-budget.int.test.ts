/**
 * A replay spends like any turn (docs/budgets.md): a spent budget refuses the replay with 402
 * `BudgetExceeded` before anything is created, and a budget spent by the replay's own turns stops it
 * before its next turn (the replay ends failed; the turns already run stay).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { parseSse } from "@/lib/runs/testing/sse";
import { closeServer } from "@/lib/server/server";
import * as agents from "@/app/api/agents/route";
import * as conversations from "@/app/api/conversations/route";
import * as messages from "@/app/api/conversations/[id]/messages/route";
import * as replayRoute from "./route";

let t: TestDatabase;
const ADMIN = "replay-budget-admin-token-0123456789abcdef";
const savedEnv = { ...process.env };
const users: Record<string, { id: string; token: string }> = {};
let agentId = "";
let original = "";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  for (const name of ["first", "second"]) {
    const user = await t.db.user.create({
      data: { email: `${name}@replay-budget.test`, name, passwordHash: "x", roles: "operator" },
    });
    const { token } = await createApiToken(
      t.db,
      { kind: "user", id: user.id, name, roles: ["operator"] },
      { name, role: "operator", expiresInDays: 1 },
    );
    users[name] = { id: user.id, token };
  }
  const created = await callRoute(agents.POST, "/api/agents", {
    bearer: ADMIN,
    body: {
      name: "budgeted",
      description: "Answers twice, for the replay budget test.",
      prompt: { template: "You answer." },
      model: [{ provider: "scripted", model: "budgeted", script: [1, 2, 3, 4].map((n) => ({ text: `Answer ${n}.` })) }],
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  agentId = created.json.agent.id;

  const conv = await callRoute(conversations.POST, "/api/conversations", {
    body: { agentId },
    bearer: users.first.token,
  });
  original = conv.json.id;
  for (const content of ["One?", "Two?"]) {
    const res = await callRoute(messages.POST, `/api/conversations/${original}/messages`, {
      params: { id: original },
      body: { content },
      bearer: users.first.token,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    parseSse(res.json);
  }
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

const replay = (bearer: string) =>
  callRoute(replayRoute.POST, `/api/conversations/${original}/replay`, { params: { id: original }, body: {}, bearer });

async function settled(id: string) {
  const end = Date.now() + 30_000;
  for (;;) {
    const c = await t.db.conversation.findUniqueOrThrow({ where: { id } });
    if (c.replayStatus === "completed" || c.replayStatus === "failed") return c;
    if (Date.now() > end) throw new Error(`replay ${id} did not settle: ${c.replayStatus}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("budgets and replays", () => {
  it("a spent budget refuses the replay with 402 and creates nothing", async () => {
    const spent = await t.db.usageRecord.aggregate({ where: { userId: users.first.id }, _sum: { totalTokens: true } });
    expect(spent._sum.totalTokens).toBeGreaterThan(0);
    const budget = await t.db.budget.create({
      data: { scope: "user", scopeId: users.first.id, window: "day", maxTotalTokens: BigInt(spent._sum.totalTokens!) },
    });
    const before = await t.db.conversation.count();
    const res = await replay(users.first.token);
    expect(res.status, JSON.stringify(res.json)).toBe(402);
    expect(res.json.error).toMatchObject({
      code: "BudgetExceeded",
      budgetId: budget.id,
      window: "day",
      limit: "tokens",
    });
    expect(await t.db.conversation.count()).toBe(before);
    await t.db.budget.delete({ where: { id: budget.id } });
  });

  it("a budget the replay spends stops it before its next turn", async () => {
    await t.db.budget.create({
      data: { scope: "user", scopeId: users.second.id, window: "month", maxTotalTokens: 1n },
    });
    const res = await replay(users.second.token);
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    const done = await settled(res.json.id);
    expect(done.replayStatus).toBe("failed");
    // The first turn ran (and spent); the second was never started.
    const runs = await t.db.run.findMany({ where: { conversationId: res.json.id } });
    expect(runs.map((r) => r.status)).toEqual(["completed"]);
    const spent = await t.db.usageRecord.count({ where: { conversationId: res.json.id, userId: users.second.id } });
    expect(spent).toBe(1);
  });
});
