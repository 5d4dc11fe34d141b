/**
 * Agents as files (docs/agent-file.md) through the HTTP routes: export, and import into this studio
 * and into an empty second one. Two databases: the process's server follows DATABASE_URL, so each
 * test points it at the studio it talks to (SQLite files, or PostgreSQL databases when the suite
 * runs against PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { AgentFile } from "@/lib/agents/agent-file.shared";
import { sourceHash } from "@/lib/agents/export-agent";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { currentWorkspaceId } from "@/lib/db/workspace";
import { closeServer } from "@/lib/server/server";
import * as agentsRoute from "./route";
import * as agentRoute from "./[id]/route";
import * as exportRoute from "./[id]/export/route";
import * as importRoute from "./import/route";
import * as labelRoute from "./[id]/labels/[label]/route";
import * as labelsRoute from "./[id]/labels/route";
import * as toolsRoute from "../tools/route";
import * as toolRoute from "../tools/[id]/route";

const ADMIN = "agent-file-int-admin-token-0123456789";
const as = { bearer: ADMIN };
let source: TestDatabase;
let target: TestDatabase;
const urls = new Map<TestDatabase, string>();
const savedEnv = { ...process.env };

/** Points the routes at one studio's database. */
const on = (studio: TestDatabase) => {
  process.env.DATABASE_URL = urls.get(studio)!;
};

const WEATHER = `import { tool } from "atelier";

type Unit = "celsius" | "fahrenheit";

/**
 * Report the weather for a city in the requested unit of measure.
 */
export default tool({ sideEffecting: false }, async function weather(city: string, unit: Unit) {
  return \`\${city} in \${unit}\`;
});
`;
const QUOTE = (words: string) => `import { tool } from "atelier";

/** Return the latest traded price for a stock ticker symbol${words}. */
export default tool({ sideEffecting: false, idempotent: true }, function get_quote(symbol: string): number {
  return symbol.length;
});
`;

const post = (path: string, body: unknown) => callRoute(importRoute.POST, path, { ...as, body });
const importFile = (body: unknown, exact = false) =>
  post(exact ? "/api/agents/import?exact=true" : "/api/agents/import", body);
const exportOf = (id: string, query = "") =>
  callRoute(exportRoute.GET, `/api/agents/${id}/export${query}`, { ...as, params: { id } });
/** Creates an agent and answers its id. */
const createAgent = async (body: unknown): Promise<string> => {
  const res = await callRoute(agentsRoute.POST, "/api/agents", { ...as, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.agent.id;
};
const updateAgent = (id: string, body: unknown) =>
  callRoute(agentRoute.PUT, `/api/agents/${id}`, { ...as, method: "PUT", params: { id }, body });
const moveLabel = (id: string, label: string, version: number) => {
  const req = { ...as, method: "PUT", params: { id, label }, body: { version } };
  return callRoute(labelRoute.PUT, `/api/agents/${id}/labels/${label}`, req);
};
const labels = async (id: string) =>
  (await callRoute(labelsRoute.GET, `/api/agents/${id}/labels`, { ...as, params: { id } })).json.labels;
const counts = async (t: TestDatabase) => ({
  tools: await t.db.tool.count(),
  toolVersions: await t.db.toolVersion.count(),
  agents: await t.db.agent.count(),
  agentVersions: await t.db.agentVersion.count(),
});
/** The document without its time of export. */
const body = (doc: AgentFile) => ({ ...doc, exportedAt: undefined });

/** An MCP server `docs` offering `search` (as discovered: its cached tool). */
const addMcpServer = async (t: TestDatabase, url: string, headerNames: string[]) => {
  const workspaceId = await currentWorkspaceId(t.db);
  const server = await t.db.mcpServer.create({
    data: { workspaceId, name: "docs", transport: "http", url, headerNames },
  });
  const inputSchema = { type: "object", properties: { q: { type: "string" } } };
  await t.db.mcpTool.create({
    data: { serverId: server.id, name: "search", description: "Search the docs.", inputSchema, annotations: {} },
  });
  return server;
};

const ids = { weather: "", quote: "", forecaster: "", assistant: "", researcher: "" };
const CONTEXT_SCHEMA = {
  fields: [
    { name: "plan", type: "enum", values: ["free", "pro"], required: true },
    { name: "seats", type: "number", required: false },
  ],
};
const model = { provider: "demo", model: "demo" };

beforeAll(async () => {
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  target = await createTestDatabase();
  urls.set(target, process.env.DATABASE_URL!);
  source = await createTestDatabase();
  urls.set(source, process.env.DATABASE_URL!);
  on(source);
  const saved = async (src: string) => {
    const res = await callRoute(toolsRoute.POST, "/api/tools", { ...as, body: { source: src } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.tool.id as string;
  };
  ids.weather = await saved(WEATHER);
  ids.quote = await saved(QUOTE(""));
  const v2 = await callRoute(toolRoute.PUT, `/api/tools/${ids.quote}`, {
    ...as,
    method: "PUT",
    params: { id: ids.quote },
    body: { source: QUOTE(", in its currency") },
  });
  expect(v2.status).toBe(200);
  ids.forecaster = await createAgent({
    name: "forecaster",
    description: "Forecasts the weather.",
    model,
    tools: [{ toolId: ids.weather }, { builtin: "memory" }],
  });
  ids.assistant = await createAgent({
    name: "assistant",
    prompt: { template: "You help {company}.", params: { company: "ACME" } },
    model: [model, { provider: "openai", model: "gpt-4o", baseUrl: null }],
    autonomy: "gated",
    contextSchema: CONTEXT_SCHEMA,
    tools: [
      { agentId: ids.forecaster, sideEffecting: false },
      { toolId: ids.quote, follow: "latest" },
    ],
  });
  const server = await addMcpServer(source, "http://127.0.0.1:9/mcp", ["Authorization"]);
  const search = { mcpServerId: server.id, tool: "search" };
  ids.researcher = await createAgent({ name: "researcher", model, tools: [search] });
});
afterAll(async () => {
  await closeServer();
  await source?.cleanup();
  await target?.cleanup();
  process.env = savedEnv;
});

describe("GET /api/agents/{id}/export", () => {
  it("answers one document: the agent, the agents it calls and its tools' sources, by name, with no database id", async () => {
    on(source);
    const res = await exportOf(ids.assistant);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const doc = AgentFile.parse(res.json);
    expect(doc).toMatchObject({ format: "atelier.agent", formatVersion: 1 });
    expect(doc.agent).toMatchObject({
      name: "assistant",
      prompt: { template: "You help {company}.", params: { company: "ACME" } },
      model: { provider: "demo", model: "demo" },
      autonomy: "gated",
      contextSchema: CONTEXT_SCHEMA,
      tools: [
        { agent: "forecaster", sideEffecting: false },
        { tool: "get_quote", sourceHash: sourceHash(QUOTE(", in its currency")), follow: "latest" },
      ],
    });
    expect(doc.agent.roster.map((m) => `${m.provider}:${m.model}`)).toEqual(["demo:demo", "openai:gpt-4o"]);
    expect(doc.agents.map((a) => a.name)).toEqual(["forecaster"]);
    expect(doc.agents[0].contextSchema).toEqual({ fields: [] });
    expect(doc.agents[0].tools).toEqual([{ tool: "weather", sourceHash: sourceHash(WEATHER) }, { builtin: "memory" }]);
    // The followed tool's source is its newest version's; by name, then hash.
    expect(doc.tools).toEqual([
      { name: "get_quote", source: QUOTE(", in its currency") },
      { name: "weather", source: WEATHER },
    ]);
    const text = JSON.stringify(res.json);
    const rowIds = [
      ...Object.values(ids),
      ...(await source.db.toolVersion.findMany({ select: { id: true } })).map((v) => v.id),
    ];
    for (const id of rowIds) expect(text).not.toContain(id);
    expect(text).not.toMatch(/"(toolId|toolVersionId|agentId|mcpServerId|id)"/);
  });

  it("an MCP tool is named by its server's name (its URL and headers stay here)", async () => {
    on(source);
    const res = await exportOf(ids.researcher);
    expect(res.status).toBe(200);
    expect(res.json.agent.tools).toEqual([{ mcpServer: "docs", tool: "search" }]);
    expect(JSON.stringify(res.json)).not.toMatch(/127\.0\.0\.1|Authorization/);
  });

  it("takes a version or a label (neither: production; both: 400; unknown: 404), and the agents it calls at production", async () => {
    on(source);
    const forecasterV2 = await updateAgent(ids.forecaster, {
      name: "forecaster",
      description: "v2",
      model,
      tools: [{ toolId: ids.weather }, { builtin: "memory" }],
    });
    expect(forecasterV2.json.agent.version).toBe(2);
    expect((await moveLabel(ids.forecaster, "production", 1)).status).toBe(200);
    const v2 = await updateAgent(ids.assistant, {
      name: "assistant",
      description: "second",
      model,
      tools: [{ agentId: ids.forecaster, sideEffecting: true }],
    });
    expect(v2.json.agent.version).toBe(2);
    expect((await moveLabel(ids.assistant, "staging", 1)).status).toBe(200);

    const latest = await exportOf(ids.assistant);
    expect(latest.json.agent.description).toBe("second");
    expect(latest.json.agents[0].description).toBe("Forecasts the weather."); // forecaster's production (v1)
    expect(latest.json.tools).toEqual([{ name: "weather", source: WEATHER }]);
    expect((await exportOf(ids.assistant, "?label=staging")).json.agent.description).toBe("");
    expect((await exportOf(ids.assistant, "?version=2")).json.agent.description).toBe("second");

    const both = await exportOf(ids.assistant, "?version=1&label=staging");
    expect(both.status).toBe(400);
    expect(both.json.error).toMatchObject({
      code: "validation_error",
      message: "label: Give a version or a label, not both",
    });
    for (const q of ["?version=9", "?label=canary"]) {
      const res = await exportOf(ids.assistant, q);
      expect(res.status, q).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
    expect((await exportOf("no-such-agent")).status).toBe(404);
    // Back to the first configuration for the round trip below.
    expect((await moveLabel(ids.forecaster, "production", 2)).status).toBe(200);
  });
});

describe("POST /api/agents/import", () => {
  let doc: AgentFile;
  let imported = "";

  it("round trip: an empty studio imports the file, and exports the same document", async () => {
    on(source);
    doc = AgentFile.parse((await exportOf(ids.assistant, "?version=1")).json);
    // The forecaster's production is its v2 now: exported with the description "v2".
    expect(doc.agents[0].description).toBe("v2");
    on(target);
    expect(await counts(target)).toMatchObject({ tools: 0, agents: 0 });
    const res = await importFile(doc);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ name: "assistant", version: 1, created: true });
    expect(res.json.agents.map((a: { name: string }) => a.name)).toEqual(["forecaster", "assistant"]);
    expect(res.json.tools).toEqual([
      { name: "get_quote", version: 1, action: "created" },
      { name: "weather", version: 1, action: "created" },
    ]);
    imported = res.json.agentId;
    const again = await exportOf(imported);
    expect(again.status).toBe(200);
    expect(body(again.json)).toEqual(body(doc));
    expect(again.json.agent.contextSchema).toEqual(CONTEXT_SCHEMA);
    const agent = await callRoute(agentRoute.GET, `/api/agents/${imported}`, { ...as, params: { id: imported } });
    expect(agent.json.agent.tools).toEqual([
      { agentId: res.json.agents[0].agentId, sideEffecting: false },
      { toolId: expect.any(String), follow: "latest" },
    ]);
  });

  it("a file written before context schemas imports with none; a bad schema is a 400 at its path", async () => {
    on(target);
    const { contextSchema: _none, ...older } = doc.agent;
    const res = await importFile({ ...doc, agent: { ...older, name: "legacy", tools: [] }, agents: [], tools: [] });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect((await exportOf(res.json.agentId)).json.agent.contextSchema).toEqual({ fields: [] });
    const bad = await importFile({
      ...doc,
      agent: { ...older, name: "legacy", tools: [], contextSchema: { fields: [{ name: "plan", type: "enum" }] } },
      agents: [],
      tools: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["agent.contextSchema.fields.0.values"]);
  });

  it("an identical source reuses the tool's version, and an agent equal to its latest gets no new version", async () => {
    on(target);
    const before = await counts(target);
    const res = await importFile(doc);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ agentId: imported, version: 1, created: false });
    expect(res.json.tools.map((t: { action: string }) => t.action)).toEqual(["reused", "reused"]);
    expect(await counts(target)).toEqual(before);
  });

  it("a different source: ?exact=true answers 409 naming the tools and changes nothing; without it, a new version", async () => {
    on(target);
    const changed = WEATHER.replace("unit of measure", "unit of measure, today");
    const file = {
      ...doc,
      tools: doc.tools.map((t) => (t.name === "weather" ? { ...t, source: changed } : t)),
      agents: doc.agents.map((a) => ({
        ...a,
        tools: a.tools.map((e) =>
          "tool" in e && e.tool === "weather" ? { ...e, sourceHash: sourceHash(changed) } : e,
        ),
      })),
    };
    const before = await counts(target);
    const refused = await importFile(file, true);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: "conflict", differing: ["weather"] });
    expect(await counts(target)).toEqual(before);

    const res = await importFile(file);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.tools).toEqual([
      { name: "get_quote", version: 1, action: "reused" },
      { name: "weather", version: 2, action: "saved" },
    ]);
    expect(await counts(target)).toEqual({
      ...before,
      toolVersions: before.toolVersions + 1,
      agentVersions: before.agentVersions + 1,
    });
    expect(res.json.agents[0]).toMatchObject({ name: "forecaster", version: 2, created: false });
    const weather = await target.db.toolVersion.findFirstOrThrow({ where: { source: changed } });
    expect(weather).toMatchObject({ version: 2, hasErrors: false });
  });

  it("an agent of the same name gets a new version; its labels are untouched", async () => {
    on(target);
    expect((await moveLabel(imported, "production", 1)).status).toBe(200);
    const res = await importFile({ ...doc, agent: { ...doc.agent, description: "imported again" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ agentId: imported, version: 2, created: false });
    expect(await labels(imported)).toEqual({ production: 1, staging: null });
    const audit = await target.db.auditLog.findFirst({
      where: { action: "agent.imported" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit).toMatchObject({ target: "agent:assistant" });
  });

  it("MCP tools are resolved by server name: a missing server is a 400 naming it", async () => {
    on(source);
    const file = (await exportOf(ids.researcher)).json;
    on(target);
    const res = await importFile(file);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: "validation_error" });
    expect(res.json.error.message).toBe(
      "agent.tools.0.mcpServer: no MCP server named 'docs' in this studio; add it (Settings → MCP servers) before importing",
    );
    const server = await addMcpServer(target, "http://127.0.0.1:9/other", []);
    const ok = await importFile(file);
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    const agent = await callRoute(agentRoute.GET, `/api/agents/${ok.json.agentId}`, {
      ...as,
      params: { id: ok.json.agentId },
    });
    expect(agent.json.agent.tools).toEqual([{ mcpServerId: server.id, tool: "search" }]);
  });

  it("a save refused inside the import undoes the whole import (one transaction)", async () => {
    on(target);
    const today = WEATHER.replace("function weather(", "function weather_today(");
    const before = await counts(target);
    const res = await importFile({
      ...doc,
      agent: {
        ...doc.agent,
        name: "mixed",
        tools: [
          { tool: "weather_today", sourceHash: sourceHash(today) },
          { mcpServer: "docs", tool: "no_such_tool" },
        ],
      },
      tools: [{ name: "weather_today", source: today }],
      agents: [],
    });
    expect(res.status).toBe(400);
    expect(res.json.error.issues[0]).toMatchObject({ path: "agent.tools.1.tool" });
    expect(await counts(target)).toEqual(before);
    expect(await target.db.tool.findFirst({ where: { name: "weather_today" } })).toBeNull();
  });

  it("bad input answers the error shape, and changes nothing", async () => {
    on(target);
    const before = await counts(target);
    const notJson = await post("/api/agents/import", "{ not json");
    expect(notJson.status).toBe(400);
    expect(notJson.json.error).toMatchObject({ code: "invalid_json", message: expect.any(String) });

    const wrongFormat = await importFile({ format: "something.else", formatVersion: 1, agent: {} });
    expect(wrongFormat.status).toBe(400);
    expect(wrongFormat.json.error).toMatchObject({
      code: "validation_error",
      message: 'format: This is not an agent file: "format" must be "atelier.agent"',
    });
    expect(wrongFormat.json.error.issues).toHaveLength(1);
    const newer = await importFile({ ...doc, formatVersion: 2 });
    expect(newer.status).toBe(400);
    expect(newer.json.error.message).toMatch(/^formatVersion: This studio reads agent files of formatVersion 1/);

    const malformed = await importFile({ ...doc, agent: { ...doc.agent, name: "has spaces", autonomy: "sometimes" } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe("validation_error");
    expect(malformed.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["agent.name", "agent.autonomy"]);

    const missingSource = await importFile({ ...doc, tools: [] });
    expect(missingSource.status).toBe(400);
    expect(missingSource.json.error.issues.map((i: { path: string }) => i.path)).toEqual([
      "agents.0.tools.0.sourceHash",
      "agent.tools.1.sourceHash",
    ]);

    const tooLarge = await post("/api/agents/import", `{"pad":"${"x".repeat(5 * 1024 * 1024)}"}`);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error).toMatchObject({ code: "payload_too_large", message: expect.any(String) });
    expect(await counts(target)).toEqual(before);
  });
});
