/**
 * Importing tools from a real MCP server (the SDK's, on loopback): the egress rule for loopback
 * URLs, discovery cached in the database with annotations mapped to flags, encrypted headers, an
 * agent calling an imported tool in a run (events, gating, the approval inbox's destructive mark),
 * a tool error and a server that goes away mid-conversation coming back to the model as tool
 * errors, and refresh (down keeps the cache; up replaces it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { AgentInput } from "@/lib/agents/agent-input.shared";
import { createAgent } from "@/lib/agents/save-agent";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { startCaseServer, type CaseServer } from "@/lib/mcp/testing/case-mcp-server";
import { createConversation } from "@/lib/runs/use-cases/create-conversation";
import type { RunRuntime } from "@/lib/runs/infra/runtime";
import { testRunRuntime } from "@/lib/server/testing/test-runtime";
import { startTurn } from "@/lib/runs/use-cases/start-turn";
import * as agentsRoute from "../../agents/route";
import * as approvalsRoute from "../../approvals/route";
import * as servers from "./route";
import * as server from "./[id]/route";
import * as refresh from "./[id]/refresh/route";
import * as call from "./[id]/call/route";

let t: TestDatabase;
let cases: CaseServer;
let rt: RunRuntime;
const ADMIN = "mcp-import-int-admin-token-0123456789";
const savedEnv = { ...process.env };
const ACTOR = { id: null, name: "tester" };
let serverId = "";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  process.env.ATELIER_SECRET = "mcp-import-int-secret";
  cases = await startCaseServer();
  rt = testRunRuntime(t.db);
});
afterAll(async () => {
  await cases?.close();
  process.env = savedEnv;
  await t?.cleanup();
});

const add = (body: unknown) => callRoute(servers.POST, "/api/mcp/servers", { body, bearer: ADMIN });
const doRefresh = (id: string) =>
  callRoute(refresh.POST, `/api/mcp/servers/${id}/refresh`, { method: "POST", params: { id }, bearer: ADMIN });

async function agentWith(name: string, tools: unknown[], autonomy = "auto") {
  const config = AgentInput.parse({
    name,
    prompt: { template: "You answer questions about support cases with the case tools." },
    model: { provider: "demo", model: "demo", contextLength: 32_000 },
    autonomy,
    tools,
  });
  const agent = await createAgent(t.db, config);
  const conversation = await createConversation(t.db, { agentId: agent.id, createdById: null });
  return { agentId: agent.id, conversationId: conversation.id };
}

async function send(conversationId: string, content: string) {
  const { done } = await startTurn(rt, { conversationId, content, actor: ACTOR });
  const result = (await done)!;
  await rt.writer.flush();
  return result;
}

async function events(conversationId: string) {
  return t.db.event.findMany({ where: { conversationId }, orderBy: { seq: "asc" } });
}

describe("adding a server", () => {
  it("refuses a loopback URL the egress allow-list does not open", async () => {
    delete process.env.ATELIER_MCP_EGRESS_ALLOW;
    const res = await add({ name: "cases", transport: "http", url: cases.url });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("egress_refused");
    expect(res.json.error.message).toMatch(new RegExp(`ATELIER_MCP_EGRESS_ALLOW.*127\.0\.0\.1:${cases.port}`));
    expect(await t.db.mcpServer.count()).toBe(0);
  });

  it("refuses a stdio server from the API: those come only from the operator's config file", async () => {
    const res = await add({ name: "local", transport: "stdio", url: "http://x.example" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain("ATELIER_MCP_CONFIG");
  });

  it("adds it when ATELIER_MCP_EGRESS_ALLOW opens the port, discovers its tools and maps their annotations", async () => {
    process.env.ATELIER_MCP_EGRESS_ALLOW = `127.0.0.1:${cases.port}`;
    const res = await add({
      name: "cases",
      transport: "http",
      url: cases.url,
      headers: { Authorization: "Bearer case-desk-secret-value" },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    serverId = res.json.server.id;
    expect(res.json.server).toMatchObject({
      name: "cases",
      status: "ok",
      headerNames: ["Authorization"],
      source: "settings",
    });
    const tools = Object.fromEntries(res.json.server.tools.map((x: { name: string }) => [x.name, x]));
    expect(Object.keys(tools).sort()).toEqual(["fail_case", "get_case", "list_cases", "set_case_priority"]);
    expect(tools.get_case).toMatchObject({
      description: "Load one support case by its id (e.g. C-42): title and priority.",
      sideEffecting: false,
      idempotent: true,
      destructive: false,
      inputSchema: {
        type: "object",
        properties: { case_id: { type: "string", description: "the case id, like C-42" } },
        required: ["case_id"],
      },
    });
    expect(tools.set_case_priority).toMatchObject({ sideEffecting: true, idempotent: false, destructive: true });
    expect(tools.list_cases).toMatchObject({ sideEffecting: true, idempotent: false, destructive: false });
    // The header reached the server, is sealed at rest and never answered.
    expect(cases.requests.some((h) => h.authorization === "Bearer case-desk-secret-value")).toBe(true);
    const row = await t.db.mcpServer.findUniqueOrThrow({ where: { id: serverId } });
    expect(row.headersCiphertext).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain("case-desk-secret-value");
    expect(JSON.stringify(res.json)).not.toContain("case-desk-secret-value");
    const audit = await t.db.auditLog.findFirst({ where: { action: "mcp.server_add" } });
    expect(JSON.stringify(audit)).not.toContain("case-desk-secret-value");
  });
});

describe("the older SSE transport", () => {
  it("discovers and calls a server added with transport 'sse'", async () => {
    const res = await add({ name: "cases-sse", transport: "sse", url: cases.sseUrl });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.server).toMatchObject({ transport: "sse", status: "ok" });
    expect(res.json.server.tools).toHaveLength(4);
    const id = res.json.server.id;
    const ran = await callRoute(call.POST, `/api/mcp/servers/${id}/call`, {
      params: { id },
      bearer: ADMIN,
      body: { tool: "get_case", arguments: { case_id: "C-7" } },
    });
    expect(ran.json).toMatchObject({ ok: true, result: "C-7: Password reset (priority low)" });
    const gone = await callRoute(server.DELETE, `/api/mcp/servers/${id}`, {
      method: "DELETE",
      params: { id },
      bearer: ADMIN,
    });
    expect(gone.status).toBe(200);
    expect(await t.db.mcpTool.count({ where: { serverId: id } })).toBe(0);
  });
});

describe("agents using imported tools", () => {
  it("refuses a name collision with the tool registry's message, and accepts it renamed with 'as'", async () => {
    const body = (tools: unknown[]) => ({
      name: "collider",
      prompt: { template: "x" },
      model: { provider: "demo", model: "demo", contextLength: 32_000 },
      tools,
    });
    const clash = await callRoute(agentsRoute.POST, "/api/agents", {
      bearer: ADMIN,
      body: body([
        { mcpServerId: serverId, tool: "get_case" },
        { mcpServerId: serverId, tool: "list_cases", as: "get_case" },
      ]),
    });
    expect(clash.status).toBe(400);
    expect(JSON.stringify(clash.json)).toContain("ToolRegistry: tool 'get_case' already registered");
    const unknown = await callRoute(agentsRoute.POST, "/api/agents", {
      bearer: ADMIN,
      body: body([{ mcpServerId: serverId, tool: "nope" }]),
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.json)).toContain("offers no tool 'nope'");
    const renamed = await callRoute(agentsRoute.POST, "/api/agents", {
      bearer: ADMIN,
      body: body([
        { mcpServerId: serverId, tool: "get_case" },
        { mcpServerId: serverId, tool: "list_cases", as: "all_cases" },
      ]),
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(201);
    expect(renamed.json.agent.tools).toEqual([
      { mcpServerId: serverId, tool: "get_case" },
      { mcpServerId: serverId, tool: "list_cases", as: "all_cases" },
    ]);
  });

  it("calls an imported tool from a run, with its call and return events", async () => {
    const { conversationId } = await agentWith("case-reader", [{ mcpServerId: serverId, tool: "get_case" }]);
    const before = cases.calls.length;
    const result = await send(conversationId, "Get case C-42 for me");
    expect(result.final.status).toBe("completed");
    expect(cases.calls.slice(before)).toEqual([{ tool: "get_case", args: { case_id: "C-42" } }]);
    const log = await events(conversationId);
    const call = log.find((e) => e.type === "ToolCallEvent")!;
    expect(call.payload).toMatchObject({ toolName: "get_case" });
    expect(JSON.parse((call.payload as { arguments: string }).arguments)).toEqual({ case_id: "C-42" });
    const ret = log.find((e) => e.type === "ToolReturnEvent")!;
    expect(ret.payload).toMatchObject({ toolName: "get_case", success: true });
    expect(JSON.stringify(log.map((e) => e.payload))).toContain("C-42: Printer on fire (priority high)");
  });

  it("answers a tool's own MCP error to the model as a tool error", async () => {
    const { conversationId } = await agentWith("case-failer", [{ mcpServerId: serverId, tool: "fail_case" }]);
    const result = await send(conversationId, "Fail case C-7");
    expect(result.final.status).toBe("completed");
    const ret = (await events(conversationId)).find((e) => e.type === "ToolReturnEvent")!;
    expect(ret.payload).toMatchObject({ toolName: "fail_case", success: false, errorType: "ToolExecutionError" });
    expect(JSON.stringify((await events(conversationId)).map((e) => e.payload))).toContain(
      "case store is locked for C-7",
    );
  });

  it("holds a side-effecting imported call under the gated tier and marks it destructive in the inbox", async () => {
    const { conversationId } = await agentWith(
      "case-triage",
      [{ mcpServerId: serverId, tool: "set_case_priority" }],
      "gated",
    );
    const before = cases.calls.length;
    const result = await send(conversationId, "Set case priority of C-7 to high");
    expect(result.final.status).toBe("suspended");
    expect(cases.calls.length).toBe(before);
    const inbox = await callRoute(approvalsRoute.GET, "/api/approvals?status=pending", { bearer: ADMIN });
    const mine = inbox.json.approvals.find((a: { conversationId: string }) => a.conversationId === conversationId);
    expect(mine).toMatchObject({ toolName: "set_case_priority", destructive: true });
  });
});

describe("a server that goes away", () => {
  let conversationId = "";
  it("answers the model with a clear tool error mid-conversation, and the run still completes", async () => {
    ({ conversationId } = await agentWith("case-reader-2", [{ mcpServerId: serverId, tool: "get_case" }]));
    expect((await send(conversationId, "Get case C-42")).final.status).toBe("completed");
    await cases.close();
    const result = await send(conversationId, "Get case C-7 now");
    expect(result.final.status).toBe("completed");
    const returns = (await events(conversationId)).filter((e) => e.type === "ToolReturnEvent");
    expect(returns.map((e) => (e.payload as { success: boolean }).success)).toEqual([true, false]);
    const text = JSON.stringify((await events(conversationId)).map((e) => e.payload));
    expect(text).toContain("MCP server 'cases' is unavailable");
  });

  it("refresh while down: 502, status error, the cached tools kept (agents and pages still work)", async () => {
    const res = await doRefresh(serverId);
    expect(res.status).toBe(502);
    expect(res.json.error.code).toBe("mcp_server_unavailable");
    const view = await callRoute(server.GET, `/api/mcp/servers/${serverId}`, {
      params: { id: serverId },
      bearer: ADMIN,
    });
    expect(view.json.server.status).toBe("error");
    expect(view.json.server.lastError).toBeTruthy();
    expect(view.json.server.tools).toHaveLength(4);
  });

  it("refresh when back up replaces the cache with what the server now offers", async () => {
    cases = await startCaseServer(cases.port);
    cases.addTool("close_case", "Close a support case for good.");
    const res = await doRefresh(serverId);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.server.status).toBe("ok");
    expect(res.json.server.tools.map((x: { name: string }) => x.name)).toContain("close_case");
    expect(await t.db.mcpTool.count({ where: { serverId } })).toBe(5);
  });
});

describe("changing and removing", () => {
  it("refuses to delete a server agents use, naming them", async () => {
    const res = await callRoute(server.DELETE, `/api/mcp/servers/${serverId}`, {
      method: "DELETE",
      params: { id: serverId },
      bearer: ADMIN,
    });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toContain("case-reader");
  });

  it("updates headers (re-sealed, names only answered)", async () => {
    const res = await callRoute(server.PUT, `/api/mcp/servers/${serverId}`, {
      method: "PUT",
      params: { id: serverId },
      bearer: ADMIN,
      body: { headers: { "X-Desk": "second-secret" } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.server.headerNames).toEqual(["X-Desk"]);
    expect(cases.requests.at(-1)?.["x-desk"]).toBe("second-secret");
  });
});

describe("refused input and unknown ids", () => {
  const put = (id: string, body: unknown) =>
    callRoute(server.PUT, `/api/mcp/servers/${id}`, { method: "PUT", params: { id }, bearer: ADMIN, body });
  const testCall = (id: string, body: unknown) =>
    callRoute(call.POST, `/api/mcp/servers/${id}/call`, { params: { id }, bearer: ADMIN, body });

  it("a server that does not exist is a 404 to read, change, refresh, remove or test-run", async () => {
    const get = await callRoute(server.GET, "/api/mcp/servers/no-such-server", {
      params: { id: "no-such-server" },
      bearer: ADMIN,
    });
    expect(get.status).toBe(404);
    expect(get.json.error).toMatchObject({ code: "not_found", message: "No MCP server with id 'no-such-server'." });
    expect((await put("no-such-server", { name: "renamed" })).status).toBe(404);
    expect((await doRefresh("no-such-server")).status).toBe(404);
    const removed = await callRoute(server.DELETE, "/api/mcp/servers/no-such-server", {
      method: "DELETE",
      params: { id: "no-such-server" },
      bearer: ADMIN,
    });
    expect(removed.status).toBe(404);
    expect((await testCall("no-such-server", { tool: "get_case" })).status).toBe(404);
  });

  it("a change with a bad field is a 400 naming it, and the server stays as it was", async () => {
    const before = (
      await callRoute(server.GET, `/api/mcp/servers/${serverId}`, { params: { id: serverId }, bearer: ADMIN })
    ).json.server;
    const badTransport = await put(serverId, { transport: "carrier-pigeon" });
    expect(badTransport.status).toBe(400);
    expect(badTransport.json.error.code).toBe("validation_error");
    expect(badTransport.json.error.issues[0].path).toBe("transport");
    const badName = await put(serverId, { name: "no spaces allowed" });
    expect(badName.status).toBe(400);
    expect(badName.json.error.issues[0]).toMatchObject({
      path: "name",
      message: "A server name is 1 to 64 letters, digits, '_' or '-'",
    });
    const unknownField = await put(serverId, { colour: "blue" });
    expect(unknownField.status).toBe(400);
    const after = (
      await callRoute(server.GET, `/api/mcp/servers/${serverId}`, { params: { id: serverId }, bearer: ADMIN })
    ).json.server;
    expect(after).toEqual(before);
  });

  it("a test run names its tool: none is a 400 naming it, one the server does not offer is a 404", async () => {
    const unnamed = await testCall(serverId, { tool: "  ", arguments: {} });
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.error.issues[0]).toMatchObject({ path: "tool", message: "Name the server's tool" });
    const unknown = await testCall(serverId, { tool: "drop_tables" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toContain("offers no tool 'drop_tables'");
  });
});

describe("secret rotation", () => {
  it("re-seals stored headers under the new key", async () => {
    const { SecretKey, loadSecretKey } = await import("@/lib/auth/secret-box");
    const { rotateMcpHeaders } = await import("@/lib/mcp/rotate-mcp-headers");
    const { openHeaders } = await import("@/lib/mcp/mcp-server-store");
    const next = SecretKey.generate();
    expect(await rotateMcpHeaders(t.db, loadSecretKey(), next)).toBe(1);
    const row = await t.db.mcpServer.findUniqueOrThrow({ where: { id: serverId } });
    expect(row.headersKeyId).toBe(next.id);
    expect(openHeaders(row, next)).toEqual({ "X-Desk": "second-secret" });
    expect(await rotateMcpHeaders(t.db, next, loadSecretKey())).toBe(1);
  });

  it("npm run secret:rotate re-seals them with the provider keys (ATELIER_SECRET → ATELIER_NEW_SECRET)", async () => {
    const { SecretKey } = await import("@/lib/auth/secret-box");
    const { rotateEnvSecret } = await import("@/lib/auth/rotate-secret-key");
    const { rotateMcpHeaders } = await import("@/lib/mcp/rotate-mcp-headers");
    const { openHeaders } = await import("@/lib/mcp/mcp-server-store");
    const newSecret = "mcp-import-int-secret-rotated";
    const result = await rotateEnvSecret(t.db, process.env.ATELIER_SECRET!, newSecret, [rotateMcpHeaders]);
    expect(result.count).toBeGreaterThanOrEqual(1);
    const row = await t.db.mcpServer.findUniqueOrThrow({ where: { id: serverId } });
    expect(openHeaders(row, SecretKey.fromString(newSecret))).toEqual({ "X-Desk": "second-secret" });
    // Back again, so the tests after this one open them with the usual secret.
    await rotateEnvSecret(t.db, newSecret, process.env.ATELIER_SECRET!, [rotateMcpHeaders]);
  });
});

describe("the operator's config file (ATELIER_MCP_CONFIG)", () => {
  it("lists its stdio server, discovers it over stdio, test-runs a tool, and refuses changes from the API", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const dir = mkdtempSync(path.join(os.tmpdir(), "mcp-config-"));
    const file = path.join(dir, "mcp.json");
    const script = path.resolve("lib/mcp/testing/stdio-case-server.ts");
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          "local-desk": { command: process.execPath, args: ["--import", "tsx", script], env: { DESK: "east" } },
        },
      }),
    );
    process.env.ATELIER_MCP_CONFIG = file;
    const list = await callRoute(servers.GET, "/api/mcp/servers", { bearer: ADMIN });
    const local = list.json.servers.find((s: { name: string }) => s.name === "local-desk");
    expect(local).toMatchObject({ source: "config", transport: "stdio", url: null, status: "never" });
    // Admins see the program and its arguments; the environment is never sent.
    expect(local).toMatchObject({ command: process.execPath, args: ["--import", "tsx", script] });
    expect(JSON.stringify(list.json)).not.toContain("east");

    const refreshed = await doRefresh(local.id);
    expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
    expect(refreshed.json.server.tools.map((x: { name: string }) => x.name)).toEqual(["get_case"]);

    const ran = await callRoute(call.POST, `/api/mcp/servers/${local.id}/call`, {
      params: { id: local.id },
      bearer: ADMIN,
      body: { tool: "get_case", arguments: { case_id: "C-9" } },
    });
    expect(ran.json).toMatchObject({ ok: true, result: "C-9 from stdio (east)" });

    const put = await callRoute(server.PUT, `/api/mcp/servers/${local.id}`, {
      method: "PUT",
      params: { id: local.id },
      bearer: ADMIN,
      body: { url: "http://127.0.0.1:1/x" },
    });
    expect(put.status).toBe(409);
    expect(put.json.error.message).toContain("ATELIER_MCP_CONFIG");
    delete process.env.ATELIER_MCP_CONFIG;
  }, 60_000);
});
