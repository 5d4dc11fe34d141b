/**
 * The four channels of a tool through the HTTP API (SQLite, and PostgreSQL when ATELIER_TEST_PG_URL
 * is set), against a provider served locally (lib/models/testing/fake-provider-server.ts) so the
 * requests the provider received are read as sent:
 * - prompt: the tool's `prompt` rendered with the conversation's context is in the provider's system
 *   message and in the LlmSystemPromptEvent as `dynamicRef: "tool:<name>"`;
 * - context: the module's `context(ctx)` text is sent after the history on each request, recorded on
 *   LlmUsageEvent.contextBlocks, and in no stored message;
 * - command: an operator runs a tool without the model (SSE like a message), the run is written
 *   as a call the next turn's model sees; a call the agent would hold for approval is refused to an
 *   operator (403, no approval row, audited) and runs for an approver; refusals append nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { authenticateAs } from "@/lib/api/testing/authenticate-as";
import { callRoute } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { fastPasswords } from "@/lib/auth/testing/fast-passwords";
import { createUser } from "@/lib/auth/users";
import type { Role } from "@/lib/auth/roles.shared";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import {
  openaiReplies,
  startFakeProviderServer,
  type FakeProviderServer,
} from "@/lib/models/testing/fake-provider-server";
import { parseSse } from "@/lib/runs/testing/sse";
import { closeServer } from "@/lib/server/server";
import * as tools from "@/app/api/tools/route";
import * as agents from "@/app/api/agents/route";
import * as conversations from "@/app/api/conversations/route";
import * as messages from "@/app/api/conversations/[id]/messages/route";
import * as events from "@/app/api/conversations/[id]/events/route";
import * as commands from "./route";

const PATH = "/v1/chat/completions";
const ADMIN = "tool-channels-admin-token-0123456789abc";
const savedEnv = { ...process.env };
let t: TestDatabase;
let fake: FakeProviderServer;
let operator = "";
let approverId = "";

async function tokenFor(email: string, roles: Role[]) {
  const system = { kind: "system" as const, id: "system", name: "t", roles: ["admin" as const] };
  const user = await createUser(
    t.db,
    system,
    { email, name: email, password: "a long test password", roles },
    fastPasswords(),
  );
  const { token } = await createApiToken(
    t.db,
    { kind: "user", id: user.id, name: user.name, roles: user.roles },
    { name: "t", role: "operator", expiresInDays: 1 },
  );
  return { token, id: user.id };
}

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  fake = await startFakeProviderServer();
  process.env.ATELIER_MODEL_EGRESS_ALLOW = new URL(fake.url).host;
  operator = (await tokenFor("op@channels.test", ["operator"])).token;
  // A token carries one role: the approver's request is answered as the user, with both.
  approverId = (await tokenFor("ap@channels.test", ["operator", "approver"])).id;
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await fake?.close();
  await t?.cleanup();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const post = (handler: typeof tools.POST, url: string, body: unknown, bearer = ADMIN) =>
  callRoute(handler, url, { method: "POST", body, bearer });

const ORDERS = `import { tool, type RunContext } from "atelier";

export function context(ctx: RunContext) {
  return "Open orders for plan " + ctx.context.plan + ": A1, A2.";
}

/**
 * Look up the shipping status of one order by its number in the shop's order system.
 *
 * @param order The order number, e.g. A1.
 */
export default tool(
  { sideEffecting: false, prompt: "Orders on the {{context.plan}} plan: always quote the order number. Keep {context.plan} literal." },
  async function order_status(order: string) {
    return { order, status: order === "A1" ? "shipped" : "packing" };
  },
);
`;

const REFUND = `import { tool } from "atelier";

/**
 * Refund an order in full to the customer's original payment method.
 *
 * @param order The order number to refund.
 */
export default tool({ sideEffecting: true, requiresApproval: true }, async function refund(order: string) {
  return "refunded " + order;
});
`;

async function saveTool(source: string) {
  const res = await post(tools.POST, "/api/tools", { source });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.tool.id as string;
}

let ordersId = "";
let refundId = "";
async function agentWith(name: string, toolIds: string[]) {
  const res = await post(agents.POST, "/api/agents", {
    name,
    description: `The ${name} agent of the tool channels test.`,
    prompt: { template: "You run the shop for the {context.plan} plan." },
    model: { provider: "openai-compatible", model: "gpt-4o", baseUrl: `${fake.url}/v1`, contextLength: 100000 },
    runtime: { http: { maxRetries: 0 } },
    contextSchema: { fields: [{ name: "plan", type: "string", required: true }] },
    tools: toolIds.map((toolId) => ({ toolId })),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.agent.id as string;
}

async function conversation(agentId: string, bearer = ADMIN) {
  const c = await post(conversations.POST, "/api/conversations", { agentId, context: { plan: "pro" } }, bearer);
  expect(c.status, JSON.stringify(c.json)).toBe(201);
  return c.json.id as string;
}

interface Logged {
  seq: number;
  type: string;
  runId: string | null;
  data: Record<string, unknown> & { role?: string; parts?: unknown[]; kind?: string };
}

async function log(id: string): Promise<Logged[]> {
  const res = await callRoute(events.GET, `/api/conversations/${id}/events?after=0`, { params: { id }, bearer: ADMIN });
  return res.json.events as Logged[];
}

async function send(id: string, content: string, bearer = ADMIN) {
  const res = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
    method: "POST",
    params: { id },
    body: { content },
    bearer,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return parseSse(res.json);
}

async function command(id: string, tool: string, args: Record<string, unknown>, bearer = ADMIN) {
  return callRoute(commands.POST, `/api/conversations/${id}/commands`, {
    method: "POST",
    params: { id },
    body: { tool, arguments: args },
    bearer,
  });
}

/** The chat messages a recorded request carried, as `role: text`. */
const sent = (i: number) =>
  (fake.requests[i]!.body.messages as Array<{ role: string; content: unknown; tool_calls?: unknown }>).map(
    (m) =>
      `${m.role}: ${typeof m.content === "string" ? m.content : m.content === null ? JSON.stringify(m.tool_calls) : JSON.stringify(m.content)}`,
  );

describe("a tool's prompt part and context through the API", () => {
  it("sends the prompt part and the context block, records both, stores no block as a message", async () => {
    ordersId = await saveTool(ORDERS);
    const agentId = await agentWith("shopkeeper", [ordersId]);
    const id = await conversation(agentId);
    fake.reply(
      PATH,
      openaiReplies.streamToolCall("order_status", { order: "A1" }, "call_1"),
      openaiReplies.streamText(["A1 has shipped."]),
    );
    await send(id, "Where is A1?");

    expect(fake.requests).toHaveLength(2);
    const [first, second] = [sent(0), sent(1)];
    expect(first[0]).toBe(
      "system: You run the shop for the pro plan.\n\nOrders on the pro plan: always quote the order number. Keep {context.plan} literal.",
    );
    expect(first.at(-2)).toBe("user: Where is A1?");
    expect(first.at(-1)).toBe("system: Open orders for plan pro: A1, A2.");
    expect(second.at(-2)).toMatch(/^tool: .*shipped/);
    expect(second.at(-1)).toBe("system: Open orders for plan pro: A1, A2.");

    const logged = await log(id);
    const prompt = logged.find((e) => e.type === "LlmSystemPromptEvent")!;
    expect(prompt.data.parts).toEqual([
      { dynamicRef: null, content: "You run the shop for the pro plan." },
      {
        dynamicRef: "tool:order_status",
        content: "Orders on the pro plan: always quote the order number. Keep {context.plan} literal.",
      },
    ]);
    const usage = logged.filter((e) => e.type === "LlmUsageEvent");
    expect(usage).toHaveLength(2);
    for (const u of usage) {
      expect(u.data.contextBlocks).toEqual([
        { tool: "order_status", text: "Open orders for plan pro: A1, A2.", durationMs: expect.any(Number) },
      ]);
    }
    const stored = JSON.stringify(logged.filter((e) => e.type === "LlmMessageEvent"));
    expect(stored).not.toContain("Open orders");
    // The first test pays for the analyser's and the sandbox's cold start.
  }, 120_000);
});

describe("operator commands", () => {
  it("runs a tool without the model, streams it, and the next turn's model sees it", async () => {
    const agentId = await agentWith("counter", [ordersId]);
    const id = await conversation(agentId, operator);
    const listed = await callRoute(commands.GET, `/api/conversations/${id}/commands`, {
      params: { id },
      bearer: operator,
    });
    expect(listed.status, JSON.stringify(listed.json)).toBe(200);
    expect(listed.json).toMatchObject({
      commands: [{ name: "order_status", available: true, needsApproval: false, mayRun: true }],
    });
    const res = await command(id, "order_status", { order: "A2" }, operator);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const frames = parseSse(res.json);
    expect(frames.map((f) => f.event)).toEqual([
      "RunStarted",
      "LlmMessageEvent",
      "ToolCallEvent",
      "LlmMessageEvent",
      "ToolReturnEvent",
      "RunFinished",
    ]);
    expect(fake.requests).toHaveLength(0);
    const logged = await log(id);
    expect(logged.map((e) => (e.type === "LlmMessageEvent" ? `${e.type}:${e.data.role}` : e.type))).toEqual([
      "RunStarted",
      "LlmMessageEvent:assistant",
      "ToolCallEvent",
      "LlmMessageEvent:tool",
      "ToolReturnEvent",
      "RunFinished",
    ]);
    expect(logged[0].data.kind).toBe("command");
    expect(logged[2].data).toMatchObject({ toolName: "order_status", arguments: '{"order":"A2"}' });
    expect(logged[4].data).toMatchObject({ toolName: "order_status", success: true });
    expect(logged[5].data).toMatchObject({ status: "completed", usage: { requests: 0, toolCalls: 1 } });

    fake.reply(PATH, openaiReplies.streamText(["A2 is being packed."]));
    await send(id, "And A2?", operator);
    const next = sent(0);
    expect(next.some((m) => m.startsWith("assistant: ") && m.includes("order_status") && m.includes("A2"))).toBe(true);
    expect(next.some((m) => m.startsWith("tool: ") && m.includes("packing"))).toBe(true);
    expect(next.at(-2)).toBe("user: And A2?");

    const audit = await t.db.auditLog.findMany({ where: { action: "conversation.command" } });
    expect(audit.some((a) => JSON.stringify(a.details).includes('"order":"A2"'))).toBe(true);
  });

  it("refuses a call the agent would hold to an operator (403, no approval), runs it for an approver", async () => {
    refundId = await saveTool(REFUND);
    const agentId = await agentWith("refunder", [refundId]);
    const id = await conversation(agentId, operator);
    const refused = await command(id, "refund", { order: "A1" }, operator);
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toContain("approver");
    expect(await t.db.approval.count({ where: { conversationId: id } })).toBe(0);
    expect(await log(id)).toEqual([]);
    const audited = await t.db.auditLog.findMany({ where: { action: "conversation.command" } });
    expect(audited.some((a) => JSON.stringify(a.details).includes('"refused":"role"'))).toBe(true);

    authenticateAs({ kind: "user", id: approverId, name: "ap", roles: ["operator", "approver"] });
    const ran = await command(id, "refund", { order: "A1" });
    vi.restoreAllMocks();
    expect(ran.status, JSON.stringify(ran.json)).toBe(200);
    expect(await t.db.approval.count({ where: { conversationId: id } })).toBe(0);
    const logged = await log(id);
    expect(logged.find((e) => e.type === "ToolReturnEvent")?.data).toMatchObject({ success: true });
    expect(JSON.stringify(logged)).toContain("refunded A1");
    const accepted = await t.db.auditLog.findMany({ where: { action: "conversation.command", actorId: approverId } });
    expect(accepted.map((a) => JSON.parse(JSON.stringify(a.details)))).toContainEqual(
      expect.objectContaining({ ok: true, approvedByIssuer: true, tool: "refund" }),
    );
  });

  it("checks the tool and its arguments like a model's call; refusals append nothing", async () => {
    const agentId = await agentWith("checker", [ordersId]);
    const id = await conversation(agentId, operator);
    const unknown = await command(id, "nope", {}, operator);
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toContain("order_status");
    const bad = await command(id, "order_status", { order: 3, extra: true }, operator);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ type: "ToolArgumentError", unexpected: ["extra"] });
    const missing = await callRoute(commands.POST, `/api/conversations/none/commands`, {
      method: "POST",
      params: { id: "none" },
      body: { tool: "order_status", arguments: { order: "A1" } },
      bearer: operator,
    });
    expect(missing.status).toBe(404);
    expect(await log(id)).toEqual([]);
  });
});
