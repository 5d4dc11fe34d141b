/**
 * Budgets through the routes (docs/budgets.md): validation and roles of /api/budgets; agent, user
 * and API token budgets refusing the next message, command or MCP ask with 402 `BudgetExceeded`
 * once stored spend reaches the max — nothing appended — while turns already running finish;
 * cost limits from priced usage (unpriced usage flagged); and each threshold alerting once per
 * window even when claims race. Runs on SQLite, and on PostgreSQL with ATELIER_TEST_PG_URL.
 */
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callRoute, TEST_ORIGIN } from "@/lib/api/testing/call-route";
import { AgentInput } from "@/lib/agents/agent-input.shared";
import { createAgent } from "@/lib/agents/save-agent";
import { createApiToken } from "@/lib/auth/api-tokens";
import { onBudgetAlert, type BudgetAlertEvent } from "@/lib/budgets/budget-alert-hooks";
import { assertWithinBudgets, BudgetExceededError } from "@/lib/budgets/check-budgets";
import { claimBudgetAlerts } from "@/lib/budgets/claim-budget-alerts";
import { windowAt } from "@/lib/budgets/budget-window";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import type { RunDeps } from "@/lib/runs/engine/ports";
import { askAgent } from "@/lib/runs/use-cases/ask-agent";
import { closeServer, readyRunRuntime } from "@/lib/server/server";
import * as conversations from "@/app/api/conversations/route";
import * as messages from "@/app/api/conversations/[id]/messages/route";
import * as commands from "@/app/api/conversations/[id]/commands/route";
import * as budgets from "./route";
import * as budget from "./[id]/route";
import * as alerts from "./alerts/route";

const ADMIN = "budgets-admin-token-0123456789abcdef";
const savedEnv = { ...process.env };
let t: TestDatabase;
let realModels: RunDeps["models"];

interface Caller {
  userId: string;
  token: string;
  tokenId: string;
}

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  realModels = (await readyRunRuntime()).deps.models;
});
afterEach(async () => {
  (await readyRunRuntime()).deps.models = realModels;
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

let n = 0;
async function newUser(
  role: "operator" | "viewer" = "operator",
): Promise<Caller & { tokenFor: () => Promise<Caller> }> {
  const name = `u${++n}`;
  const user = await t.db.user.create({
    data: { email: `${name}@budgets.test`, name: `User ${name}`, passwordHash: "x", roles: role },
  });
  const tokenFor = async (): Promise<Caller> => {
    const created = await createApiToken(
      t.db,
      { kind: "user", id: user.id, name: user.name, roles: [role] },
      { name: `${name}-token-${++n}`, role, expiresInDays: 1 },
    );
    return { userId: user.id, token: created.token, tokenId: created.summary.id };
  };
  return { ...(await tokenFor()), tokenFor };
}
async function newAgent(extra: Record<string, unknown> = {}) {
  return (
    await createAgent(
      t.db,
      AgentInput.parse({ name: `agent-${++n}`, model: { provider: "demo", model: "demo" }, ...extra }),
    )
  ).id;
}
const newConversation = async (agentId: string, who: Caller) => {
  const res = await callRoute(conversations.POST, "/api/conversations", { body: { agentId }, bearer: who.token });
  expect(res.status).toBe(201);
  return res.json.id as string;
};
const send = (id: string, who: Caller) =>
  callRoute(messages.POST, `/api/conversations/${id}/messages`, {
    params: { id },
    body: { content: "Hello there, how are you?" },
    bearer: who.token,
  });
/** Answers once the turn is accepted (its stream runs on). */
const start = (id: string, who: Caller) =>
  messages.POST(
    new Request(`${TEST_ORIGIN}/api/conversations/${id}/messages`, {
      method: "POST",
      headers: { host: "localhost:3000", "content-type": "application/json", authorization: `Bearer ${who.token}` },
      body: JSON.stringify({ content: "Hello there." }),
    }),
    { params: Promise.resolve({ id }) },
  );
const lastSeq = async (id: string) => (await t.db.conversation.findUniqueOrThrow({ where: { id } })).lastSeq;
const createBudget = async (body: Record<string, unknown>) => {
  const res = await callRoute(budgets.POST, "/api/budgets", { body, bearer: ADMIN });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
};
const removeBudget = (id: string) =>
  callRoute(budget.DELETE, `/api/budgets/${id}`, { method: "DELETE", params: { id }, bearer: ADMIN });
const settledAlerts = async () => {
  await (
    await readyRunRuntime()
  ).budgetAlerts;
};

/** A model whose every answer waits until `open()`; each answer reports 10 tokens. */
function gatedModel() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const model = new MockLanguageModelV3({
    provider: "mock",
    modelId: "gated",
    doStream: async () => {
      await gate;
      const usage = {
        inputTokens: { total: 6, noCache: 6, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 4, text: 4, reasoning: 0 },
      };
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(c) {
            c.enqueue({ type: "stream-start", warnings: [] });
            c.enqueue({ type: "text-start", id: "t" });
            c.enqueue({ type: "text-delta", id: "t", delta: "Done." });
            c.enqueue({ type: "text-end", id: "t" });
            c.enqueue({ type: "finish", usage, finishReason: { unified: "stop", raw: "stop" } });
            c.close();
          },
        }),
      };
    },
  });
  return { model, open };
}

/** A priced usage record of `cost` nano-USD for the agent/user/token, now. */
async function priceUsage(o: {
  agentId: string;
  userId?: string;
  apiTokenId?: string;
  cost: number;
  priced?: boolean;
}) {
  const conversationId = await newConversation(o.agentId, (await newUser()) as Caller);
  await t.db.usageRecord.create({
    data: {
      conversationId,
      eventSeq: ++n,
      runId: `run-${n}`,
      rootRunId: `run-${n}`,
      agentId: o.agentId,
      provider: "openai",
      model: "gpt-test",
      inputTokens: 10,
      outputTokens: 10,
      totalTokens: 20,
      costNanoUsd: BigInt(o.priced === false ? 0 : o.cost),
      priced: o.priced !== false,
      day: new Date().toISOString().slice(0, 10),
      userId: o.userId ?? null,
      apiTokenId: o.apiTokenId ?? null,
    },
  });
}

describe("/api/budgets: validation and roles", () => {
  it("creates (201 {id}), lists with the window's use, replaces and deletes; audited", async () => {
    const agentId = await newAgent();
    const id = await createBudget({ scope: "agent", scopeId: agentId, window: "month", maxTotalTokens: 1000 });
    const list = await callRoute(budgets.GET, "/api/budgets", { bearer: ADMIN });
    expect(list.status).toBe(200);
    const view = list.json.budgets.find((b: { id: string }) => b.id === id);
    const range = windowAt("month", new Date());
    expect(view).toMatchObject({
      scope: "agent",
      scopeId: agentId,
      scopeName: expect.stringMatching(/^agent-/),
      window: "month",
      maxCostNanoUsd: null,
      maxTotalTokens: 1000,
      alertAt: [0.5, 0.8, 1],
      usage: {
        windowStart: range.start.toISOString(),
        windowEnd: range.end.toISOString(),
        spentCostNanoUsd: 0,
        spentTokens: 0,
        unpricedEvents: 0,
        alertsFired: [],
        exceeded: null,
      },
    });
    const put = await callRoute(budget.PUT, `/api/budgets/${id}`, {
      method: "PUT",
      params: { id },
      body: { scope: "agent", scopeId: agentId, window: "week", maxCostNanoUsd: 5_000_000_000, alertAt: [0.9, 1] },
      bearer: ADMIN,
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({
      window: "week",
      maxCostNanoUsd: 5_000_000_000,
      maxTotalTokens: null,
      alertAt: [0.9, 1],
    });
    expect((await removeBudget(id)).json).toEqual({ deleted: id });
    expect((await removeBudget(id)).status).toBe(404);
    const audited = await t.db.auditLog.findMany({ where: { target: id }, orderBy: { createdAt: "asc" } });
    expect(audited.map((a) => a.action)).toEqual(["budget.create", "budget.update", "budget.delete"]);
  });

  it("refuses what is not a budget (400, the field named) and scopes that do not exist", async () => {
    const agentId = await newAgent();
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await callRoute(budgets.POST, "/api/budgets", { body, bearer: ADMIN });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json.error)).toContain(field);
    };
    await bad({ scope: "agent", scopeId: agentId, window: "day" }, "maxCostNanoUsd");
    await bad({ scope: "agent", window: "day", maxTotalTokens: 5 }, "scopeId");
    await bad({ scope: "workspace", scopeId: agentId, window: "day", maxTotalTokens: 5 }, "scopeId");
    await bad({ scope: "agent", scopeId: "nope", window: "day", maxTotalTokens: 5 }, "scopeId");
    await bad({ scope: "user", scopeId: agentId, window: "day", maxTotalTokens: 5 }, "scopeId");
    await bad({ scope: "agent", scopeId: agentId, window: "year", maxTotalTokens: 5 }, "window");
    await bad({ scope: "agent", scopeId: agentId, window: "day", maxTotalTokens: 0 }, "maxTotalTokens");
    await bad({ scope: "agent", scopeId: agentId, window: "day", maxCostNanoUsd: 1.5 }, "maxCostNanoUsd");
    await bad({ scope: "agent", scopeId: agentId, window: "day", maxTotalTokens: 5, alertAt: [0.8, 0.5] }, "alertAt");
    await bad({ scope: "agent", scopeId: agentId, window: "day", maxTotalTokens: 5, alertAt: [0.5, 0.5] }, "alertAt");
    await bad({ scope: "agent", scopeId: agentId, window: "day", maxTotalTokens: 5, alertAt: [0, 1] }, "alertAt");
    await bad({ scope: "agent", scopeId: agentId, window: "day", maxTotalTokens: 5, alertAt: [1.2] }, "alertAt");
    expect(await t.db.budget.count({ where: { scopeId: agentId } })).toBe(0);
  });

  it("only admins change budgets; any role reads them and their alerts", async () => {
    const agentId = await newAgent();
    const viewer = await newUser("viewer");
    const body = { scope: "agent", scopeId: agentId, window: "day", maxTotalTokens: 5 };
    expect((await callRoute(budgets.POST, "/api/budgets", { body, bearer: viewer.token })).status).toBe(403);
    const id = await createBudget(body);
    const put = await callRoute(budget.PUT, `/api/budgets/${id}`, {
      method: "PUT",
      params: { id },
      body,
      bearer: viewer.token,
    });
    expect(put.status).toBe(403);
    expect(
      (await callRoute(budget.DELETE, `/api/budgets/${id}`, { method: "DELETE", params: { id }, bearer: viewer.token }))
        .status,
    ).toBe(403);
    expect((await callRoute(budgets.GET, "/api/budgets", { bearer: viewer.token })).status).toBe(200);
    expect((await callRoute(alerts.GET, "/api/budgets/alerts?active=1", { bearer: viewer.token })).status).toBe(200);
    await removeBudget(id);
  });
});

describe("a spent budget refuses the next turn", () => {
  it("per agent: 402 BudgetExceeded with the fields once stored tokens reach the max, appending nothing; other agents go on", async () => {
    const [agentId, other] = [await newAgent(), await newAgent()];
    const alice = await newUser();
    const id = await createBudget({ scope: "agent", scopeId: agentId, window: "day", maxTotalTokens: 1 });
    const c = await newConversation(agentId, alice);
    expect((await send(c, alice)).status).toBe(200); // spend was 0: admitted
    const before = await lastSeq(c);
    const refused = await send(c, alice);
    expect(refused.status).toBe(402);
    const spent = refused.json.error.spent as number;
    expect(spent).toBeGreaterThanOrEqual(1);
    expect(refused.json.error).toMatchObject({
      code: "BudgetExceeded",
      budgetId: id,
      window: "day",
      limit: "tokens",
      max: 1,
      windowEnd: windowAt("day", new Date()).end.toISOString(),
    });
    expect(refused.json.error.message).toMatch(
      /^Agent 'agent-\d+' has spent its daily budget: .* tokens\. New turns are refused until \d{4}-\d\d-\d\d 00:00 UTC\.$/,
    );
    expect(await lastSeq(c)).toBe(before);
    // The stored spend is the usage records' sum, recorded with the user and token of the turn.
    const records = await t.db.usageRecord.findMany({ where: { conversationId: c } });
    expect(records.reduce((s, r) => s + r.totalTokens, 0)).toBe(spent);
    expect(records.every((r) => r.userId === alice.userId && r.apiTokenId === alice.tokenId)).toBe(true);
    const runs = await t.db.run.findMany({ where: { conversationId: c } });
    expect(runs.every((r) => r.userId === alice.userId && r.apiTokenId === alice.tokenId)).toBe(true);
    // Another agent is not covered.
    expect((await send(await newConversation(other, alice), alice)).status).toBe(200);
    await removeBudget(id);
    expect((await send(c, alice)).status).toBe(200);
  });

  it("per user: all of the user's tokens are refused, another user is not", async () => {
    const agentId = await newAgent();
    const alice = await newUser();
    const aliceOther = await alice.tokenFor();
    const bob = await newUser();
    const id = await createBudget({ scope: "user", scopeId: alice.userId, window: "week", maxTotalTokens: 1 });
    expect((await send(await newConversation(agentId, alice), alice)).status).toBe(200);
    const c = await newConversation(agentId, aliceOther);
    const refused = await send(c, aliceOther);
    expect(refused.status).toBe(402);
    expect(refused.json.error).toMatchObject({ code: "BudgetExceeded", budgetId: id, window: "week", limit: "tokens" });
    expect(refused.json.error.message).toMatch(/^User 'User u\d+' has spent its weekly budget/);
    expect(await lastSeq(c)).toBe(0);
    expect((await send(await newConversation(agentId, bob), bob)).status).toBe(200);
    await removeBudget(id);
  });

  it("per API token: that token is refused, the same user's other token is not", async () => {
    const agentId = await newAgent();
    const alice = await newUser();
    const other = await alice.tokenFor();
    const id = await createBudget({ scope: "apiToken", scopeId: alice.tokenId, window: "month", maxTotalTokens: 1 });
    expect((await send(await newConversation(agentId, alice), alice)).status).toBe(200);
    const refused = await send(await newConversation(agentId, alice), alice);
    expect(refused.status).toBe(402);
    expect(refused.json.error).toMatchObject({ budgetId: id, window: "month", limit: "tokens" });
    expect(refused.json.error.message).toMatch(/^API token 'u\d+-token-\d+' has spent its monthly budget/);
    expect((await send(await newConversation(agentId, other), other)).status).toBe(200);
    await removeBudget(id);
  });

  it("a cost limit counts priced usage; unpriced usage is flagged and its tokens count against a token limit; cost is checked first", async () => {
    const agentId = await newAgent();
    const alice = await newUser();
    const id = await createBudget({
      scope: "agent",
      scopeId: agentId,
      window: "month",
      maxCostNanoUsd: 1_000,
      maxTotalTokens: 30,
    });
    await priceUsage({ agentId, cost: 600 });
    await priceUsage({ agentId, cost: 0, priced: false });
    // 600 of 1,000 nano-USD; 40 of 30 tokens: refused by tokens.
    let refused = await send(await newConversation(agentId, alice), alice);
    expect(refused.status).toBe(402);
    expect(refused.json.error).toMatchObject({ limit: "tokens", spent: 40, max: 30 });
    await priceUsage({ agentId, cost: 400 });
    // 1,000 of 1,000 nano-USD and 60 of 30 tokens: cost first.
    refused = await send(await newConversation(agentId, alice), alice);
    expect(refused.json.error).toMatchObject({ limit: "cost", spent: 1000, max: 1000, unpricedEvents: 1 });
    expect(refused.json.error.message).toContain("1 unpriced model request not counted in the cost");
    const listed = (await callRoute(budgets.GET, "/api/budgets", { bearer: ADMIN })).json.budgets.find(
      (b: { id: string }) => b.id === id,
    );
    expect(listed.usage).toMatchObject({
      spentCostNanoUsd: 1000,
      spentTokens: 60,
      unpricedEvents: 1,
      exceeded: "cost",
    });
    await removeBudget(id);
  });

  it("a command and an MCP ask are refused like a message, creating nothing", async () => {
    const agentId = await newAgent({ tools: [{ builtin: "memory" }] });
    const alice = await newUser();
    const id = await createBudget({ scope: "agent", scopeId: agentId, window: "day", maxCostNanoUsd: 10 });
    await priceUsage({ agentId, cost: 10 });
    const c = await newConversation(agentId, alice);
    const command = await callRoute(commands.POST, `/api/conversations/${c}/commands`, {
      params: { id: c },
      body: { tool: "memory", arguments: { command: "view", path: "/memories" } },
      bearer: alice.token,
    });
    expect(command.status).toBe(402);
    expect(command.json.error).toMatchObject({ code: "BudgetExceeded", budgetId: id, limit: "cost" });
    expect(await lastSeq(c)).toBe(0);
    const audit = await t.db.auditLog.findFirst({
      where: { action: "conversation.command", target: `conversation:${c}` },
    });
    expect(audit?.details).toMatchObject({ ok: false, refused: "budget" });

    const conversationsBefore = await t.db.conversation.count({ where: { agentId } });
    const rt = await readyRunRuntime();
    const asked = askAgent(rt, {
      agentId,
      task: "Anything?",
      actor: { id: alice.userId, name: "alice", roles: ["operator"], apiTokenId: alice.tokenId },
    });
    await expect(asked).rejects.toSatisfy((err) => BudgetExceededError.is(err) && err.details.budgetId === id);
    expect(await t.db.conversation.count({ where: { agentId } })).toBe(conversationsBefore);
    await removeBudget(id);
    // Once the budget is gone the command runs.
    const ok = await callRoute(commands.POST, `/api/conversations/${c}/commands`, {
      params: { id: c },
      body: { tool: "memory", arguments: { command: "view", path: "/memories" } },
      bearer: alice.token,
    });
    expect(ok.status).toBe(200);
  });

  it("concurrent turns: those admitted finish (spend may pass the max); afterwards new ones are refused", async () => {
    const agentId = await newAgent();
    const alice = await newUser();
    const id = await createBudget({ scope: "agent", scopeId: agentId, window: "day", maxTotalTokens: 15 });
    const gated = gatedModel();
    (await readyRunRuntime()).deps.models = () => gated.model;
    const ids = await Promise.all([1, 2, 3].map(() => newConversation(agentId, alice)));
    const started = await Promise.all(ids.map((c) => start(c, alice)));
    expect(started.map((r) => r.status)).toEqual([200, 200, 200]);
    gated.open();
    await Promise.all(started.map((r) => r.text()));
    const runs = await t.db.run.findMany({ where: { conversationId: { in: ids } } });
    expect(runs.map((r) => r.status)).toEqual(["completed", "completed", "completed"]);
    const spent = await t.db.usageRecord.aggregate({ where: { agentId }, _sum: { totalTokens: true } });
    expect(spent._sum.totalTokens).toBe(30); // past the max of 15: the three were admitted at 0
    const refused = await send(ids[0], alice);
    expect(refused.status).toBe(402);
    expect(refused.json.error).toMatchObject({ budgetId: id, limit: "tokens", spent: 30, max: 15 });
    await removeBudget(id);
  });
});

describe("alerts", () => {
  it("each threshold fires once per window, even when claims race; the alert is published once and listed for banners", async () => {
    const agentId = await newAgent();
    const id = await createBudget({
      scope: "agent",
      scopeId: agentId,
      window: "month",
      maxCostNanoUsd: 1000,
      alertAt: [0.5, 0.8, 1],
    });
    const heard: BudgetAlertEvent[] = [];
    const off = onBudgetAlert((e) => void heard.push(e));
    try {
      await priceUsage({ agentId, cost: 820 });
      const raced = await Promise.all([1, 2, 3, 4].map(() => claimBudgetAlerts(t.db, { agentId })));
      expect(
        raced
          .flat()
          .map((a) => a.threshold)
          .sort(),
      ).toEqual([0.5, 0.8]);
      expect(heard.map((e) => [e.type, e.threshold, e.spent, e.max])).toEqual(
        expect.arrayContaining([
          ["budget.threshold", 0.5, "820", "1000"],
          ["budget.threshold", 0.8, "820", "1000"],
        ]),
      );
      expect(heard).toHaveLength(2);
      let banner = (await callRoute(alerts.GET, `/api/budgets/alerts?active=1&agentId=${agentId}`, { bearer: ADMIN }))
        .json.alerts;
      expect(banner).toEqual([
        expect.objectContaining({
          budgetId: id,
          threshold: 0.8,
          limit: "cost",
          spent: 820,
          max: 1000,
          exceeded: false,
        }),
      ]);

      await priceUsage({ agentId, cost: 180 });
      const again = await Promise.all([1, 2].map(() => claimBudgetAlerts(t.db, { agentId })));
      expect(again.flat().map((a) => [a.type, a.threshold])).toEqual([["budget.exceeded", 1]]);
      expect(heard).toHaveLength(3);
      banner = (await callRoute(alerts.GET, `/api/budgets/alerts?agentId=${agentId}`, { bearer: ADMIN })).json.alerts;
      expect(banner[0]).toMatchObject({ budgetId: id, threshold: 1, exceeded: true });
      expect(await t.db.budgetAlert.count({ where: { budgetId: id } })).toBe(3);
      // Another agent's banner does not show it.
      const other = await newAgent();
      const elsewhere = (await callRoute(alerts.GET, `/api/budgets/alerts?agentId=${other}`, { bearer: ADMIN })).json
        .alerts;
      expect(elsewhere.find((a: { budgetId: string }) => a.budgetId === id)).toBeUndefined();
    } finally {
      off();
      await removeBudget(id);
    }
  });

  it("a turn's end claims the thresholds its usage crossed", async () => {
    const agentId = await newAgent();
    const alice = await newUser();
    const id = await createBudget({ scope: "apiToken", scopeId: alice.tokenId, window: "day", maxTotalTokens: 2 });
    expect((await send(await newConversation(agentId, alice), alice)).status).toBe(200);
    await settledAlerts();
    const fired = await t.db.budgetAlert.findMany({ where: { budgetId: id }, orderBy: { threshold: "asc" } });
    expect(fired.map((a) => a.threshold)).toEqual(["0.5", "0.8", "1"]);
    expect(fired.every((a) => a.limit === "tokens" && a.max === 2n)).toBe(true);
    await removeBudget(id);
  });

  it("assertWithinBudgets alone (the replay's entry point) answers the same refusal", async () => {
    const agentId = await newAgent();
    const id = await createBudget({ scope: "workspace", window: "day", maxCostNanoUsd: Number.MAX_SAFE_INTEGER });
    await expect(assertWithinBudgets(t.db, { agentId })).resolves.toBeUndefined();
    await removeBudget(id);
    const spent = await createBudget({ scope: "agent", scopeId: agentId, window: "day", maxCostNanoUsd: 5 });
    await priceUsage({ agentId, cost: 5 });
    await expect(assertWithinBudgets(t.db, { agentId })).rejects.toMatchObject({
      code: "BudgetExceeded",
      details: { budgetId: spent, limit: "cost", spent: 5, max: 5 },
    });
    await removeBudget(spent);
  });
});
