/**
 * A real MCP client from the SDK against the studio's `/api/mcp` route handler (its fetch is the
 * handler): the served list carries exactly the schema the tool preview shows, calls run in the
 * sandbox and are audited, argument errors are MCP tool errors, tools that require approval are
 * not served, anonymous clients are refused and a viewer may list but not call.
 */
import { fastPasswords } from "@/lib/auth/testing/fast-passwords";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import type { Role } from "@/lib/auth/roles.shared";
import { createUser } from "@/lib/auth/users";
import { seedStudio } from "@/lib/db/seed-demo";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { createStudioMcpServer } from "@/lib/mcp/serve/mcp-endpoint";
import { closeServer, server } from "@/lib/server/server";
import * as schemaRoute from "../tools/[id]/schema/route";
import * as agentsRoute from "../agents/route";
import * as mcpRoute from "./route";

let t: TestDatabase;
const ADMIN = "mcp-endpoint-int-admin-token-0123456789";
const savedEnv = { ...process.env };
const tokens = new Map<Role, string>();
const userIds = new Map<Role, string>();
const ENDPOINT = "http://localhost:3000/api/mcp";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  const system = { kind: "system" as const, id: "system", name: "t", roles: ["admin" as const] };
  for (const role of ["viewer", "operator"] as const) {
    const user = await createUser(
      t.db,
      system,
      { email: `${role}@mcp.test`, name: `mcp-${role}`, password: "a long enough password", roles: [role] },
      fastPasswords(),
    );
    const { token } = await createApiToken(
      t.db,
      { kind: "user", id: user.id, name: user.name, roles: user.roles },
      { name: "mcp", role, expiresInDays: 1 },
    );
    tokens.set(role, token);
    userIds.set(role, user.id);
  }
});
afterAll(async () => {
  await closeServer();
  process.env = savedEnv;
  await t?.cleanup();
});

/** An SDK client whose HTTP goes straight into the route handler. */
async function connect(token: string | null): Promise<Client> {
  const client = new Client({ name: "int-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(ENDPOINT), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    fetch: async (input, init) => {
      const req = new Request(input instanceof Request ? input : String(input), init);
      const handler = mcpRoute[req.method as "POST" | "GET" | "DELETE"];
      return handler(req);
    },
  });
  await client.connect(transport);
  return client;
}

describe("/api/mcp with an SDK client", () => {
  it("lists the runnable tools with exactly the description and schema the preview shows", async () => {
    const client = await connect(tokens.get("operator")!);
    const { tools } = await client.listTools();
    const names = tools.map((x) => x.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(["city_population", "forecast", "order_status", "send_email"]));
    // refund requires approval: an external client has no inbox, so it is not served.
    expect(names).not.toContain("refund");
    const row = await t.db.tool.findFirstOrThrow({ where: { name: "city_population" } });
    const preview = await callRoute(schemaRoute.GET, `/api/tools/${row.id}/schema?format=openai`, {
      params: { id: row.id },
      bearer: ADMIN,
    });
    const served = tools.find((x) => x.name === "city_population")!;
    expect(served.description).toBe(preview.json.schema.function.description);
    expect(served.inputSchema).toEqual(preview.json.schema.function.parameters);
    expect(served.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(tools.find((x) => x.name === "send_email")!.annotations).toMatchObject({ readOnlyHint: false });
    await client.close();
  });

  it("calls a tool in the sandbox and audits the call with the token's principal", async () => {
    const client = await connect(tokens.get("operator")!);
    const res = await client.callTool({ name: "city_population", arguments: { city: "Paris" } });
    expect(res.isError).toBeFalsy();
    expect((res.content as Array<{ type: string; text: string }>)[0].text).toMatch(/^\d+$/);
    const audit = await t.db.auditLog.findFirst({
      where: { action: "mcp.tool_call", target: "city_population" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit!.actor).toContain("mcp-operator");
    expect(audit!.details).toMatchObject({ via: "mcp", ok: true, version: 1 });
    await client.close();
  });

  it("answers bad arguments as an MCP tool error (isError), audited", async () => {
    const client = await connect(tokens.get("operator")!);
    const missing = await client.callTool({ name: "city_population", arguments: {} });
    expect(missing.isError).toBe(true);
    expect((missing.content as Array<{ text: string }>)[0].text).toContain("ToolArgumentError");
    expect((missing.content as Array<{ text: string }>)[0].text).toContain("city");
    const wrongType = await client.callTool({ name: "city_population", arguments: { city: 42 } });
    expect(wrongType.isError).toBe(true);
    const unknown = await client.callTool({ name: "refund", arguments: { orderId: "A1", amount: 1 } });
    expect(unknown.isError).toBe(true);
    expect((unknown.content as Array<{ text: string }>)[0].text).toContain("not served");
    expect(await t.db.auditLog.count({ where: { action: "mcp.tool_call" } })).toBeGreaterThanOrEqual(4);
    await client.close();
  });

  it("lets a viewer list but not call", async () => {
    const client = await connect(tokens.get("viewer")!);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    const res = await client.callTool({ name: "city_population", arguments: { city: "Paris" } });
    expect(res.isError).toBe(true);
    expect((res.content as Array<{ text: string }>)[0].text).toContain("operator, author");
    await client.close();
  });

  it("serves each agent as ask_<name>; asking one is a new conversation in the studio, answered with its final text", async () => {
    const client = await connect(tokens.get("operator")!);
    const { tools } = await client.listTools();
    const ask = tools.find((x) => x.name === "ask_atlas")!;
    expect(ask.description).toContain("Ask the Atelier agent 'atlas'");
    expect(ask.inputSchema).toMatchObject({ type: "object", required: ["task"] });
    const res = await client.callTool({ name: "ask_atlas", arguments: { task: "What is the population of Paris?" } });
    expect(res.isError).toBeFalsy();
    const text = (res.content as Array<{ text: string }>)[0].text;
    expect(text).toMatch(/2[,.]?1\d\d[,.]?\d{3}|\d{6,}/);
    const { conversationId, runId, answer } = res.structuredContent as Record<string, string>;
    expect(answer).toBe(text);
    const conversation = await t.db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
    expect(conversation.title).toBe("MCP: What is the population of Paris?");
    expect((await t.db.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("completed");
    const audit = await t.db.auditLog.findFirst({
      where: { action: "mcp.tool_call", target: "ask_atlas" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit!.details).toMatchObject({ via: "mcp", ok: true, conversationId, status: "completed" });
    await client.close();
  });

  it("asking an agent whose call waits for an approval answers where it waits; the call stays pending in the studio", async () => {
    const client = await connect(tokens.get("operator")!);
    const res = await client.callTool({
      name: "ask_billing",
      arguments: { task: "Please refund order A-1001, amount 25 dollars" },
    });
    expect(res.isError).toBe(true);
    const text = (res.content as Array<{ text: string }>)[0].text;
    expect(text).toMatch(/waiting for an approval of refund \(/);
    const pending = await t.db.approval.findFirstOrThrow({ where: { toolName: "refund", status: "pending" } });
    expect(text).toContain(pending.id);
    expect(text).toContain(pending.conversationId);
    await client.close();
  });

  it("a spent agent is refused as a tool error naming its limit, and leaves no conversation behind", async () => {
    const created = await callRoute(agentsRoute.POST, "/api/agents", {
      bearer: ADMIN,
      body: {
        name: "one_shot",
        description: "Answers once.",
        model: { provider: "demo", model: "demo" },
        agentLimits: { agentRequestLimit: 1 },
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const client = await connect(tokens.get("operator")!);
    expect((await client.callTool({ name: "ask_one_shot", arguments: { task: "Hello" } })).isError).toBeFalsy();
    const before = await t.db.conversation.count();
    const spent = await client.callTool({ name: "ask_one_shot", arguments: { task: "Hello again" } });
    expect(spent.isError).toBe(true);
    expect((spent.content as Array<{ text: string }>)[0].text).toMatch(
      /^Agent 'one_shot' did not run: AgentUsageLimitError: .*agentRequestLimit/,
    );
    expect(await t.db.conversation.count()).toBe(before);
    await client.close();
  });

  it("refuses to ask an agent for a viewer, and bad arguments, as tool errors", async () => {
    const viewer = await connect(tokens.get("viewer")!);
    expect((await viewer.listTools()).tools.map((x) => x.name)).toContain("ask_atlas");
    const refused = await viewer.callTool({ name: "ask_atlas", arguments: { task: "Hello" } });
    expect(refused.isError).toBe(true);
    expect((refused.content as Array<{ text: string }>)[0].text).toContain("needs the role: operator");
    await viewer.close();
    const before = await t.db.conversation.count();
    const operator = await connect(tokens.get("operator")!);
    for (const args of [{}, { task: " " }, { task: "Hi", extra: 1 }]) {
      const res = await operator.callTool({ name: "ask_atlas", arguments: args });
      expect(res.isError).toBe(true);
      expect((res.content as Array<{ text: string }>)[0].text).toContain("takes one argument: task");
    }
    expect(await t.db.conversation.count()).toBe(before);
    await operator.close();
  });

  it("refuses an anonymous client and a bad token with 401", async () => {
    await expect(connect(null)).rejects.toMatchObject({ code: 401, message: expect.stringContaining("unauthorized") });
    await expect(connect("not-a-real-token")).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining("invalid_token"),
    });
    const raw = await mcpRoute.POST(
      new Request(ENDPOINT, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      }),
    );
    expect(raw.status).toBe(401);
  });
});

describe("/api/mcp bodies", () => {
  it("refuses a body over the route's limit with 413 before the transport reads it", async () => {
    const res = await mcpRoute.POST(
      new Request(ENDPOINT, {
        method: "POST",
        headers: {
          authorization: `Bearer ${ADMIN}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { pad: "x".repeat(1_100_000) } }),
      }),
    );
    expect(res.status).toBe(413);
  });
});

/** A raw JSON-RPC POST to the route, as the operator. */
async function rawPost(body: unknown) {
  const res = await mcpRoute.POST(
    new Request(ENDPOINT, {
      method: "POST",
      headers: {
        authorization: `Bearer ${tokens.get("operator")}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
      },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe("/api/mcp and the sandbox's per-user share", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("runs tools/call in the sandbox as the token's principal (its share of the pool)", async () => {
    const invoke = vi.spyOn(server().runtime.deps, "invokeSandbox");
    const client = await connect(tokens.get("operator")!);
    const res = await client.callTool({ name: "city_population", arguments: { city: "Paris" } });
    expect(res.isError).toBeFalsy();
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(invoke.mock.calls[0][0]).toMatchObject({ owner: userIds.get("operator") });
    await client.close();
  });

  it("refuses a JSON-RPC batch with one JSON-RPC error and runs none of its calls", async () => {
    const invoke = vi.spyOn(server().runtime.deps, "invokeSandbox");
    const audits = await t.db.auditLog.count({ where: { action: "mcp.tool_call" } });
    const call = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "city_population", arguments: { city: "Paris" } },
    });
    const res = await rawPost(Array.from({ length: 100 }, (_, i) => call(i + 1)));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: expect.stringMatching(/batch/i) },
    });
    expect(invoke).not.toHaveBeenCalled();
    expect(await t.db.auditLog.count({ where: { action: "mcp.tool_call" } })).toBe(audits);
    // An empty batch is a batch too; one request per POST still works.
    expect((await rawPost([])).json).toMatchObject({ error: { code: -32600 } });
    const single = await rawPost(call(7));
    expect(single.status).toBe(200);
    expect(single.json).toMatchObject({ id: 7, result: { content: [{ type: "text" }] } });
  });
});

describe("ask_<agent> calls per MCP request (ATELIER_MCP_ASK_MAX)", () => {
  afterEach(() => {
    delete process.env.ATELIER_MCP_ASK_MAX;
  });

  it("refuses an ask beyond the cap as a tool error naming the setting, and starts no conversation", async () => {
    process.env.ATELIER_MCP_ASK_MAX = "0";
    const before = await t.db.conversation.count();
    const client = await connect(tokens.get("operator")!);
    const res = await client.callTool({ name: "ask_atlas", arguments: { task: "Hello" } });
    expect(res.isError).toBe(true);
    expect((res.content as Array<{ text: string }>)[0].text).toMatch(/ATELIER_MCP_ASK_MAX/);
    expect(await t.db.conversation.count()).toBe(before);
    const audit = await t.db.auditLog.findFirst({
      where: { action: "mcp.tool_call", target: "ask_atlas" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit!.details).toMatchObject({ ok: false, refused: "ask_limit" });
    await client.close();
  });

  it("counts the asks of one request: past the cap (default 1) the next ask in it is refused", async () => {
    const operator = await t.db.user.findUniqueOrThrow({ where: { id: userIds.get("operator")! } });
    const principal = { kind: "user" as const, id: operator.id, name: operator.name, roles: ["operator" as const] };
    const asked: string[] = [];
    // One studio server is one request; the in-memory pair stands in for a request carrying two calls.
    const studio = createStudioMcpServer(t.db, principal, {
      invoke: () => Promise.reject(new Error("no tool runs here")),
      ask: async (_agentId, task) => {
        asked.push(task);
        return {
          status: "completed",
          text: "done",
          conversationId: "c",
          runId: "r",
          pendingApprovals: [],
          error: null,
        };
      },
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await studio.connect(serverSide);
    const client = new Client({ name: "int-test", version: "1.0.0" });
    await client.connect(clientSide);
    const first = await client.callTool({ name: "ask_atlas", arguments: { task: "one" } });
    expect(first.isError).toBeFalsy();
    const second = await client.callTool({ name: "ask_atlas", arguments: { task: "two" } });
    expect(second.isError).toBe(true);
    expect((second.content as Array<{ text: string }>)[0].text).toMatch(/1 time \(ATELIER_MCP_ASK_MAX\)/);
    expect(asked).toEqual(["one"]);
    await client.close();
    await studio.close();
  });

  it("a bad value of the setting is refused, naming it", async () => {
    process.env.ATELIER_MCP_ASK_MAX = "many";
    const client = await connect(tokens.get("operator")!);
    const res = await client.callTool({ name: "ask_atlas", arguments: { task: "Hello" } });
    expect(res.isError).toBe(true);
    expect((res.content as Array<{ text: string }>)[0].text).toMatch(/ATELIER_MCP_ASK_MAX/);
    await client.close();
  });
});
