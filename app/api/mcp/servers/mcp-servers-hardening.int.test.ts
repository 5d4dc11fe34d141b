/**
 * The servers API after the second security review (docs/mcp.md): what each role is shown of a
 * server (no stdio arguments, URL query strings, env or header values below admin), a change of
 * URL alone keeping the stored headers, test calls of tools that are not read-only needing the
 * approver role (every test call audited with its arguments), and answers of imported servers
 * read only up to a limit (a server answering 20 MB), a large result stored cut with a marker.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentInput } from "@/lib/agents/agent-input.shared";
import { createAgent } from "@/lib/agents/save-agent";
import { callRoute } from "@/lib/api/testing/call-route";
import { createRoleTokens } from "@/lib/api/testing/role-tokens";
import type { Role } from "@/lib/auth/roles.shared";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { startCaseServer, type CaseServer } from "@/lib/mcp/testing/case-mcp-server";
import { startFloodServer, type FloodServer } from "@/lib/mcp/testing/flood-mcp-server";
import { createConversation } from "@/lib/runs/use-cases/create-conversation";
import type { RunRuntime } from "@/lib/runs/infra/runtime";
import { startTurn } from "@/lib/runs/use-cases/start-turn";
import { closeServer } from "@/lib/server/server";
import { testRunRuntime } from "@/lib/server/testing/test-runtime";
import * as servers from "./route";
import * as one from "./[id]/route";
import * as refresh from "./[id]/refresh/route";
import * as call from "./[id]/call/route";

let t: TestDatabase;
let cases: CaseServer;
let other: CaseServer;
let flood: FloodServer;
let rt: RunRuntime;
const ADMIN = "mcp-hardening-int-admin-token-0123456789";
const savedEnv = { ...process.env };
const tokens: Partial<Record<Role, string>> = {};
const ROLES = ["viewer", "operator", "author", "approver"] as const;

/** Loopback test servers are opened through the MCP allow-list (and the older shared one). */
function allow(...ports: number[]) {
  const list = ports.map((p) => `127.0.0.1:${p}`).join(",");
  process.env.ATELIER_MCP_EGRESS_ALLOW = list;
  process.env.ATELIER_EGRESS_ALLOW = list;
}

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  process.env.ATELIER_SECRET = "mcp-hardening-int-secret";
  delete process.env.ATELIER_MCP_CONFIG;
  cases = await startCaseServer();
  other = await startCaseServer();
  flood = await startFloodServer();
  allow(cases.port, other.port, flood.port);
  rt = testRunRuntime(t.db);
  Object.assign(tokens, await createRoleTokens(t.db, ROLES, "mcp-hardening.test"));
});
afterAll(async () => {
  await Promise.all([cases?.close(), other?.close(), flood?.close()]);
  await closeServer();
  process.env = savedEnv;
  await t?.cleanup();
});

const as = (role: Role | "admin") => (role === "admin" ? ADMIN : tokens[role]!);
const add = (body: unknown) => callRoute(servers.POST, "/api/mcp/servers", { body, bearer: ADMIN });
const put = (id: string, body: unknown) =>
  callRoute(one.PUT, `/api/mcp/servers/${id}`, { method: "PUT", params: { id }, bearer: ADMIN, body });
const getOne = (id: string, role: Role | "admin") =>
  callRoute(one.GET, `/api/mcp/servers/${id}`, { params: { id }, bearer: as(role) });
const list = (role: Role | "admin") => callRoute(servers.GET, "/api/mcp/servers", { bearer: as(role) });
const testCall = (id: string, role: Role | "admin", tool: string, args: Record<string, unknown>) =>
  callRoute(call.POST, `/api/mcp/servers/${id}/call`, {
    params: { id },
    bearer: as(role),
    body: { tool, arguments: args },
  });

async function addServer(name: string, url: string, headers: Record<string, string> = {}) {
  const res = await add({ name, transport: "http", url, headers });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.server as { id: string; url: string; headerNames: string[] };
}

describe("PUT /api/mcp/servers/{id} with only a new url", () => {
  it("keeps the stored headers (sent to the new URL), and the audit entry records the new URL", async () => {
    const server = await addServer("moving", cases.url, { Authorization: "Bearer keep-me-please" });
    const res = await put(server.id, { url: other.url });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.server).toMatchObject({ url: other.url, headerNames: ["Authorization"], status: "ok" });
    // The re-discovery on the new URL carried the header.
    expect(other.requests.some((h) => h.authorization === "Bearer keep-me-please")).toBe(true);
    const row = await t.db.mcpServer.findUniqueOrThrow({ where: { id: server.id } });
    expect(row.headersCiphertext).toBeTruthy();
    const audit = await t.db.auditLog.findFirstOrThrow({
      where: { action: "mcp.server_update", target: server.id },
      orderBy: { createdAt: "desc" },
    });
    expect(audit.details).toMatchObject({ fields: ["url"], url: other.url });
    expect(JSON.stringify(audit)).not.toContain("keep-me-please");
  });

  it("still clears the headers when headers: {} is sent", async () => {
    const server = await addServer("clearing", cases.url, { "X-Desk": "desk-secret" });
    const res = await put(server.id, { headers: {} });
    expect(res.status).toBe(200);
    expect(res.json.server.headerNames).toEqual([]);
  });
});

describe("what each role is shown of a server", () => {
  let configFile = "";
  beforeAll(() => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "mcp-hardening-"));
    configFile = path.join(dir, "mcp.json");
    writeFileSync(
      configFile,
      JSON.stringify({
        mcpServers: {
          "stdio-desk": {
            command: process.execPath,
            args: ["--import", "tsx", "desk.ts", "--token=stdio-arg-secret"],
            env: { DESK_TOKEN: "stdio-env-secret" },
          },
          "url-desk": {
            url: `http://127.0.0.1:${cases.port}/mcp?api_key=query-secret#frag`,
            headers: { Authorization: "Bearer config-header-secret" },
          },
        },
      }),
    );
  });
  afterAll(() => {
    delete process.env.ATELIER_MCP_CONFIG;
  });

  it("non-admins see the command (no arguments) and the URL without its query; env and header values never", async () => {
    process.env.ATELIER_MCP_CONFIG = configFile;
    const settings = await addServer("query-desk", `${cases.url}?tenant=settings-query-secret`, {
      Authorization: "Bearer settings-header-secret",
    });
    for (const role of ROLES) {
      const res = await list(role);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const byName = Object.fromEntries(res.json.servers.map((s: { name: string }) => [s.name, s]));
      expect(byName["stdio-desk"]).toMatchObject({ transport: "stdio", command: process.execPath, args: null });
      expect(byName["url-desk"]).toMatchObject({ url: `http://127.0.0.1:${cases.port}/mcp`, args: null });
      expect(byName["query-desk"]).toMatchObject({ url: cases.url, headerNames: ["Authorization"] });
      const text = JSON.stringify(res.json);
      for (const secret of [
        "stdio-arg-secret",
        "stdio-env-secret",
        "query-secret",
        "settings-query-secret",
        "config-header-secret",
        "settings-header-secret",
      ])
        expect(text, `${role} sees ${secret}`).not.toContain(secret);
      const single = await getOne(settings.id, role);
      expect(single.json.server.url).toBe(cases.url);
    }
  });

  it("admins see the arguments and the whole URL, but never env or header values", async () => {
    process.env.ATELIER_MCP_CONFIG = configFile;
    const res = await list("admin");
    const byName = Object.fromEntries(res.json.servers.map((s: { name: string }) => [s.name, s]));
    expect(byName["stdio-desk"]).toMatchObject({
      command: process.execPath,
      args: ["--import", "tsx", "desk.ts", "--token=stdio-arg-secret"],
    });
    expect(byName["url-desk"].url).toBe(`http://127.0.0.1:${cases.port}/mcp?api_key=query-secret#frag`);
    expect(byName["query-desk"].url).toBe(`${cases.url}?tenant=settings-query-secret`);
    const text = JSON.stringify(res.json);
    for (const secret of ["stdio-env-secret", "config-header-secret", "settings-header-secret"])
      expect(text).not.toContain(secret);
  });
});

describe("test calls of imported tools (POST /api/mcp/servers/{id}/call)", () => {
  let id = "";
  beforeAll(async () => {
    id = (await addServer("gated-desk", cases.url)).id;
  });

  const audits = () =>
    t.db.auditLog.findMany({
      where: { action: "mcp.tool_call", target: { startsWith: "gated-desk/" } },
      orderBy: { createdAt: "asc" },
    });

  it("a tool not marked read-only needs the approver role: an operator or author is refused (403) and nothing runs", async () => {
    const before = cases.calls.length;
    for (const role of ["operator", "author"] as const) {
      for (const tool of ["set_case_priority", "list_cases"]) {
        const res = await testCall(id, role, tool, tool === "list_cases" ? {} : { case_id: "C-7", priority: "high" });
        expect(res.status, `${role} ${tool}`).toBe(403);
        expect(res.json.error).toMatchObject({ code: "forbidden", requiredRoles: ["approver"], tool });
      }
    }
    expect(cases.calls.length).toBe(before);
    const refused = (await audits()).filter((a) => (a.details as { ok: boolean }).ok === false);
    expect(refused.length).toBe(4);
    expect(refused[0].details).toMatchObject({
      via: "test-run",
      refused: "role",
      arguments: { case_id: "C-7", priority: "high" },
    });
  });

  it("an approver (or admin) may test-call it, audited with its arguments", async () => {
    const res = await testCall(id, "approver", "set_case_priority", { case_id: "C-42", priority: "low" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ ok: true, result: "C-42 is now low" });
    expect((await testCall(id, "admin", "list_cases", {})).status).toBe(200);
    const last = (await audits()).find(
      (a) => (a.details as { tool?: string }).tool === "set_case_priority" && (a.details as { ok: boolean }).ok,
    );
    expect(last!.details).toMatchObject({ via: "test-run", ok: true, arguments: { case_id: "C-42", priority: "low" } });
  });

  it("a read-only tool keeps today's roles (author or operator), audited with its arguments", async () => {
    for (const role of ["operator", "author"] as const) {
      const res = await testCall(id, role, "get_case", { case_id: "C-7" });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({ ok: true, result: "C-7: Password reset (priority low)" });
    }
    const denied = await testCall(id, "viewer", "get_case", { case_id: "C-7" });
    expect(denied.status).toBe(403);
    const approverOnly = await testCall(id, "approver", "get_case", { case_id: "C-7" });
    expect(approverOnly.status).toBe(403);
    const mine = (await audits()).filter((a) => (a.details as { tool?: string }).tool === "get_case");
    expect(mine.at(-1)!.details).toMatchObject({ via: "test-run", arguments: { case_id: "C-7" } });
  });
});

describe("answers of an imported server are read up to a limit", () => {
  let id = "";
  beforeAll(async () => {
    id = (await addServer("flood", flood.url)).id;
  });

  it("a test call answered with 20 MB fails as a clear limit error, reading at most the limit", async () => {
    const started = performance.now();
    const res = await testCall(id, "operator", "big_text", { bytes: 20 * 1024 * 1024 });
    expect(res.status, JSON.stringify(res.json).slice(0, 500)).toBe(200);
    expect(res.json).toMatchObject({ ok: false, error: { type: "ToolLimitError" } });
    expect(res.json.error.message).toMatch(/more than 4 MB.*ATELIER_MCP_RESPONSE_MAX_BYTES/);
    expect(JSON.stringify(res.json).length).toBeLessThan(4096);
    expect(performance.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it("a smaller answer over 1 MB is kept cut to 1 MB, with a marker the model can read", async () => {
    const res = await testCall(id, "operator", "big_text", { bytes: 2 * 1024 * 1024 });
    expect(res.json.ok).toBe(true);
    const text = res.json.result as string;
    expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(1024 * 1024);
    expect(text.startsWith("xxxx")).toBe(true);
    expect(text).toMatch(
      /\[truncated by Atelier: the tool answered 2 MB \(2097152 bytes\); the studio keeps its first 1 MB\./,
    );
    const structured = await testCall(id, "operator", "big_object", { bytes: 2 * 1024 * 1024 });
    expect(structured.json.ok).toBe(true);
    expect(typeof structured.json.result).toBe("string");
    expect(structured.json.result).toMatch(/^\{"data":"yyyy/);
    expect(structured.json.result).toMatch(/\[truncated by Atelier/);
  }, 60_000);

  it("a run answers the model the cut result with its marker, and a 20 MB answer as a short ToolLimitError", async () => {
    const config = AgentInput.parse({
      name: "flood-reader",
      prompt: { template: "You read what the flood server answers." },
      model: {
        provider: "scripted",
        model: "flood",
        script: [
          { toolCalls: [{ toolName: "big_text", args: { bytes: 2 * 1024 * 1024 } }] },
          { toolCalls: [{ toolName: "big_text", args: { bytes: 20 * 1024 * 1024 } }] },
          { text: "done" },
        ],
      },
      tools: [{ mcpServerId: id, tool: "big_text" }],
    });
    const agent = await createAgent(t.db, config);
    const conversation = await createConversation(t.db, { agentId: agent.id, createdById: null });
    const { done } = await startTurn(rt, {
      conversationId: conversation.id,
      content: "read",
      actor: { id: null, name: "t" },
    });
    const result = (await done)!;
    await rt.writer.flush();
    expect(result.final.status).toBe("completed");
    const log = await t.db.event.findMany({ where: { conversationId: conversation.id }, orderBy: { seq: "asc" } });
    const returns = log.filter((e) => e.type === "ToolReturnEvent").map((e) => e.payload);
    expect(returns).toMatchObject([
      { toolName: "big_text", success: true },
      { toolName: "big_text", success: false, errorType: "ToolLimitError" },
    ]);
    // What the model was answered (the tool messages): the cut text with its marker, and the short refusal.
    const payloads = log.map((e) => JSON.stringify(e.payload));
    for (const p of payloads) expect(p.length).toBeLessThan(1024 * 1024 + 8192);
    const all = payloads.join("\n");
    expect(all).toContain("[truncated by Atelier: the tool answered 2 MB (2097152 bytes)");
    expect(all).toMatch(/was not read: the MCP server answered more than 4 MB \(ATELIER_MCP_RESPONSE_MAX_BYTES\)/);
    expect(all.length).toBeLessThan(2 * 1024 * 1024);
  }, 120_000);

  it("a discovery answered with 20 MB fails (502) naming the limit, and keeps the cached tools", async () => {
    flood.setListBytes(20 * 1024 * 1024);
    try {
      const res = await callRoute(refresh.POST, `/api/mcp/servers/${id}/refresh`, {
        method: "POST",
        params: { id },
        bearer: ADMIN,
      });
      expect(res.status).toBe(502);
      expect(res.json.error.code).toBe("mcp_server_unavailable");
      expect(res.json.error.message).toMatch(/more than 4 MB.*ATELIER_MCP_RESPONSE_MAX_BYTES/);
      const view = await getOne(id, "admin");
      expect(view.json.server.status).toBe("error");
      expect(view.json.server.tools.map((x: { name: string }) => x.name).sort()).toEqual(["big_object", "big_text"]);
    } finally {
      flood.setListBytes(0);
    }
  }, 60_000);

  it("a discovery over ATELIER_MCP_DISCOVERY_MAX_BYTES in all fails too", async () => {
    process.env.ATELIER_MCP_DISCOVERY_MAX_BYTES = "4096";
    flood.setListBytes(8 * 1024);
    try {
      const res = await callRoute(refresh.POST, `/api/mcp/servers/${id}/refresh`, {
        method: "POST",
        params: { id },
        bearer: ADMIN,
      });
      expect(res.status).toBe(502);
      expect(res.json.error.message).toMatch(/ATELIER_MCP_DISCOVERY_MAX_BYTES/);
    } finally {
      flood.setListBytes(0);
      delete process.env.ATELIER_MCP_DISCOVERY_MAX_BYTES;
    }
  }, 60_000);
});
