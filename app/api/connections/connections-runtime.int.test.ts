/**
 * Connections at run time, through the HTTP API (SQLite, and PostgreSQL when ATELIER_TEST_PG_URL is
 * set): a tool calls a loopback service with a connection's key, and the key appears in no stored
 * event, streamed frame or model request — whether the tool returns it, throws it, logs it, emits it,
 * URL-encodes it or base64-encodes it; a call whose connection is missing fails readably; tools are
 * offered by role and by connection, and the tools offered are recorded on each request.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { fastPasswords } from "@/lib/auth/testing/fast-passwords";
import { createUser } from "@/lib/auth/users";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { parseSse } from "@/lib/runs/testing/sse";
import { closeServer } from "@/lib/server/server";
import * as connections from "./route";
import * as connection from "./[name]/route";
import * as tools from "../tools/route";
import * as agents from "../agents/route";
import * as conversations from "../conversations/route";
import * as messages from "../conversations/[id]/messages/route";
import * as events from "../conversations/[id]/events/route";

let t: TestDatabase;
let service: Server;
let port = 0;
let dir = "";
let operator = "";
const ADMIN = "connections-runtime-admin-token-0123456789";
const KEY = "wk-live-7c1f2e9a4b8d6";
const savedEnv = { ...process.env };
const seen: Array<{ url: string; key: string | undefined }> = [];

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  delete process.env.ATELIER_SECRET;
  dir = mkdtempSync(path.join(os.tmpdir(), "atelier-conn-runtime-"));
  process.env.ATELIER_SECRET_FILE = path.join(dir, "secret.key");
  // The "weather service": answers only with the right key, and echoes it back (a careless API).
  service = createServer((req, res) => {
    seen.push({ url: req.url ?? "", key: req.headers["x-api-key"] as string | undefined });
    const ok = req.headers["x-api-key"] === KEY;
    res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
    res.end(JSON.stringify(ok ? { tempC: 21, echo: `your key is ${KEY}` } : { error: "bad key" }));
  });
  await new Promise<void>((r) => service.listen(0, "127.0.0.1", r));
  port = (service.address() as AddressInfo).port;
  process.env.ATELIER_EGRESS_ALLOW = `127.0.0.1:${port}`;
  const system = { kind: "system" as const, id: "system", name: "t", roles: ["admin" as const] };
  const user = await createUser(
    t.db,
    system,
    { email: "op@runtime.test", name: "op", password: "a long test password", roles: ["operator"] },
    fastPasswords(),
  );
  operator = (
    await createApiToken(
      t.db,
      { kind: "user", id: user.id, name: user.name, roles: user.roles },
      { name: "t", role: "operator", expiresInDays: 1 },
    )
  ).token;
});
afterAll(async () => {
  process.env = savedEnv;
  service?.close();
  await closeServer();
  await t?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const post = (handler: typeof tools.POST, url: string, body: unknown, bearer = ADMIN) =>
  callRoute(handler, url, { method: "POST", body, bearer });

const source = (name: string, options: string, body: string) => `import { tool, type RunContext } from "atelier";

/**
 * ${name}: looks up the weather for a city through the weather service of the studio.
 *
 * @param city The city to look up.
 */
export default tool(
  { sideEffecting: false, ${options} },
  async function ${name}(city: string, ctx: RunContext) {
    ${body}
  },
);
`;

async function saveTool(name: string, options: string, body: string) {
  const res = await post(tools.POST, "/api/tools", { source: source(name, options, body) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.tool.id as string;
}

async function agentWith(name: string, toolIds: string[], script: unknown[]) {
  const res = await post(agents.POST, "/api/agents", {
    name,
    description: `The ${name} agent of the connections runtime test.`,
    model: { provider: "scripted", model: `${name}-script`, script },
    tools: toolIds.map((toolId) => ({ toolId })),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.agent.id as string;
}

/** A stored event as this test reads it (fields of any event type). */
interface LoggedEvent {
  type: string;
  data: {
    role?: string;
    offeredTools?: string[];
    success?: boolean;
    errorType?: string;
    payload?: unknown;
    parts?: unknown;
    user?: { id: string; roles: string[] } | null;
  };
}

async function turn(agentId: string, content: string, bearer = ADMIN, context?: Record<string, unknown>) {
  const c = await post(conversations.POST, "/api/conversations", { agentId, ...(context ? { context } : {}) }, bearer);
  expect(c.status, JSON.stringify(c.json)).toBe(201);
  const res = await callRoute(messages.POST, `/api/conversations/${c.json.id}/messages`, {
    method: "POST",
    params: { id: c.json.id },
    body: { content },
    bearer,
  });
  expect(res.status).toBe(200);
  const log = await callRoute(events.GET, `/api/conversations/${c.json.id}/events?after=0`, {
    params: { id: c.json.id },
    bearer: ADMIN,
  });
  return {
    stream: String(res.json),
    frames: parseSse(res.json),
    log: log.json.events as LoggedEvent[],
  };
}

describe("a tool that reaches a real system with a connection", () => {
  it("calls the service with the key; the key leaves the sandbox in no form", async () => {
    const created = await post(connections.POST, "/api/connections", {
      name: "weather",
      description: "The weather service",
      fields: [
        { name: "apiKey", value: KEY, secret: true },
        { name: "region", value: "eu", secret: false },
      ],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const leaky = await saveTool(
      "weather_now",
      `connections: ["weather"], egress: ["127.0.0.1:${port}"]`,
      `const key = ctx.connections.weather.apiKey;
    const res = await ctx.fetch("http://127.0.0.1:${port}/now?city=" + city + "&k=" + encodeURIComponent(key), { headers: { "x-api-key": key } });
    const body = await res.json();
    console.log("called with " + key);
    ctx.emit({ usedKey: key });
    return { status: res.status, tempC: body.tempC, echo: body.echo, region: ctx.connections.weather.region, encoded: encodeURIComponent(key + "/") };`,
    );
    const thrower = await saveTool(
      "weather_fail",
      `connections: ["weather"]`,
      `throw new Error("the service refused key " + ctx.connections.weather.apiKey);`,
    );
    const agent = await agentWith(
      "forecaster",
      [leaky, thrower],
      [
        {
          toolCalls: [
            { toolName: "weather_now", args: { city: "Paris" } },
            { toolName: "weather_fail", args: { city: "Oslo" } },
          ],
        },
        { text: "Done." },
      ],
    );
    const { stream, frames, log } = await turn(agent, "Weather in Paris?");

    expect(seen.at(-1)).toMatchObject({ key: KEY });
    const everything = JSON.stringify(log) + stream;
    for (const form of [KEY, encodeURIComponent(KEY), Buffer.from(KEY).toString("base64")])
      expect(everything).not.toContain(form);
    const results = log.filter((e) => e.type === "LlmMessageEvent" && e.data.role === "tool");
    const text = JSON.stringify(results);
    expect(text).toContain("[secret weather.apiKey]");
    expect(text).toContain('"region":"eu"');
    expect(text).toContain('"status":200');
    expect(text).toContain("the service refused key [secret weather.apiKey]");
    const state = log.filter((e) => e.type === "ToolStateEvent");
    expect(state[0].data.payload).toEqual({ usedKey: "[secret weather.apiKey]" });
    expect(frames.at(-1)?.event).toBe("RunFinished");
  });

  it("a call whose connection is missing fails with a message the model can read", async () => {
    const id = await saveTool("billing_lookup", `connections: ["billing"]`, `return ctx.connections.billing.token;`);
    const agent = await agentWith(
      "biller",
      [id],
      [{ toolCalls: [{ toolName: "billing_lookup", args: { city: "Paris" } }] }, { text: "No billing." }],
    );
    const { log } = await turn(agent, "Look it up");
    const ret = log.find((e) => e.type === "ToolReturnEvent");
    expect(ret?.data).toMatchObject({ success: false, errorType: "ToolExecutionError" });
    expect(JSON.stringify(log)).toContain("connection 'billing' is not configured");
  });
});

describe("availability", () => {
  it("offers a tool by role and by connection, records what was offered, and refuses a call of a tool not offered", async () => {
    const forApprovers = await saveTool("approver_only", `availableWhen: { role: "approver" }`, `return "ok";`);
    const needsBilling = await saveTool("needs_billing", `availableWhen: { connection: "billing" }`, `return "ok";`);
    const always = await saveTool("always_there", ``, `return "ok";`);
    const script = [{ toolCalls: [{ toolName: "approver_only", args: { city: "Rome" } }] }, { text: "Done." }];
    const agent = await agentWith("gated_offer", [forApprovers, needsBilling, always], script);

    // An admin has every role: offered; billing is not configured: not offered.
    const admin = await turn(agent, "Go");
    const usage = admin.log.filter((e) => e.type === "LlmUsageEvent");
    expect(usage[0].data.offeredTools).toEqual(["always_there", "approver_only"]);
    expect(admin.log.find((e) => e.type === "ToolReturnEvent")?.data.success).toBe(true);

    // An operator is not an approver: not offered, and a call of it is ToolNotAvailable.
    const op = await turn(agent, "Go", operator);
    expect(op.log.find((e) => e.type === "LlmUsageEvent")?.data.offeredTools).toEqual(["always_there"]);
    expect(op.log.find((e) => e.type === "ToolReturnEvent")?.data).toMatchObject({
      success: false,
      errorType: "ToolNotAvailable",
    });
    expect(op.log.find((e) => e.type === "RunStarted")?.data.user).toMatchObject({ roles: ["operator"] });

    // Billing configured (every field set): offered from the next run on.
    await post(connections.POST, "/api/connections", {
      name: "billing",
      fields: [{ name: "token", value: "bill-token-123456", secret: true }],
    });
    await new Promise((r) => setTimeout(r, 1100));
    const later = await turn(agent, "Go");
    expect(later.log.find((e) => e.type === "LlmUsageEvent")?.data.offeredTools).toEqual([
      "always_there",
      "approver_only",
      "needs_billing",
    ]);
    const gone = await callRoute(connection.DELETE, "/api/connections/billing", {
      method: "DELETE",
      params: { name: "billing" },
      bearer: ADMIN,
    });
    expect(gone.status).toBe(200);
  });
});

describe("conversation context at run time", () => {
  it("renders the prompt's {context.x}, reaches ctx.context, and decides availability by context", async () => {
    const proOnly = await saveTool(
      "pro_report",
      `availableWhen: { context: "plan", equals: "pro" }`,
      `return "report for " + city + " on the " + ctx.context.plan + " plan, for " + (ctx.user ? ctx.user.roles.join("+") : "nobody");`,
    );
    const res = await post(agents.POST, "/api/agents", {
      name: "planner",
      description: "The planner agent of the connections runtime test.",
      prompt: { template: "The customer is on the {context.plan} plan." },
      contextSchema: { fields: [{ name: "plan", type: "enum", values: ["free", "pro"], required: true }] },
      model: {
        provider: "scripted",
        model: "planner-script",
        script: [{ toolCalls: [{ toolName: "pro_report", args: { city: "Lyon" } }] }, { text: "Done." }],
      },
      tools: [{ toolId: proOnly }],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const agent = res.json.agent.id as string;

    const pro = await turn(agent, "Report", ADMIN, { plan: "pro" });
    const prompt = pro.log.find((e) => e.type === "LlmSystemPromptEvent");
    expect(JSON.stringify(prompt?.data.parts)).toContain("The customer is on the pro plan.");
    expect(pro.log.find((e) => e.type === "LlmUsageEvent")?.data.offeredTools).toEqual(["pro_report"]);
    expect(JSON.stringify(pro.log)).toContain("report for Lyon on the pro plan, for admin");

    const free = await turn(agent, "Report", ADMIN, { plan: "free" });
    expect(free.log.find((e) => e.type === "LlmUsageEvent")?.data.offeredTools).toEqual([]);
    expect(free.log.find((e) => e.type === "ToolReturnEvent")?.data.errorType).toBe("ToolNotAvailable");
  });
});
