import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createRoleTokens } from "@/lib/api/testing/role-tokens";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { currentWorkspaceId } from "@/lib/db/workspace";
import {
  openaiReplies,
  startFakeProviderServer,
  type FakeProviderServer,
} from "@/lib/models/testing/fake-provider-server";
import * as agents from "./route";
import * as agent from "./[id]/route";
import * as switchModel from "./[id]/switch-model/route";
import * as credentialTest from "../credentials/[provider]/test/route";

let t: TestDatabase;
let fake: FakeProviderServer;
const ADMIN = "agents-int-admin-token-0123456789";
let viewer = "";
let author = "";
let goodToolId = "";
let brokenToolId = "";
const savedEnv = { ...process.env };

beforeAll(async () => {
  t = await createTestDatabase();
  fake = await startFakeProviderServer();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  process.env.ATELIER_SECRET = "agents-int-test-secret";
  for (const v of ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL"]) delete process.env[v];
  const tokens = await createRoleTokens(t.db, ["viewer", "author"], "example.com");
  viewer = tokens.viewer!;
  author = tokens.author!;
  const workspaceId = await currentWorkspaceId(t.db);
  const tool = async (name: string, hasErrors: boolean) => {
    const row = await t.db.tool.create({ data: { workspaceId, name } });
    await t.db.toolVersion.create({
      data: {
        toolId: row.id,
        version: 1,
        source: "// test",
        analysis: hasErrors
          ? undefined
          : ({ name, description: "A tool for the agents integration test.", sideEffecting: false } as never),
        diagnostics: [],
        hasErrors,
      },
    });
    return row.id;
  };
  goodToolId = await tool("forecast", false);
  brokenToolId = await tool("broken", true);
});
afterAll(async () => {
  process.env = savedEnv;
  await fake?.close();
  await t?.cleanup();
});

const post = (body: unknown, bearer = author) => callRoute(agents.POST, "/api/agents", { body, bearer });
const get = (id: string, bearer = author) => callRoute(agent.GET, `/api/agents/${id}`, { params: { id }, bearer });
const put = (id: string, body: unknown, bearer = author) =>
  callRoute(agent.PUT, `/api/agents/${id}`, { method: "PUT", params: { id }, body, bearer });
const sw = (id: string, key: string, bearer = author) =>
  callRoute(switchModel.POST, `/api/agents/${id}/switch-model`, { params: { id }, body: { key }, bearer });

const roster = [
  { provider: "demo", model: "demo", contextLength: 8000 },
  { provider: "scripted", model: "flow", script: [{ text: "hello" }] },
  { provider: "anthropic", model: "claude-sonnet-4-5" },
  { provider: "openai", model: "gpt-4o", contextLength: 128_000 },
];

describe("POST/GET /api/agents", () => {
  let id = "";
  it("creates an agent from its JSON (lib/agents/README.md): model is the active config, roster the list", async () => {
    const res = await post({
      name: "billing",
      prompt: { template: "You handle refunds for {company}.", params: { company: "ACME" }, currentDateTime: true },
      model: roster,
      autonomy: "gated",
      runLimits: { totalTokensLimit: 50_000 },
      tools: [{ toolId: goodToolId }, { builtin: "memory" }],
    });
    expect(res.status).toBe(201);
    id = res.json.agent.id;
    expect(res.json.agent.model).toMatchObject({
      provider: "demo",
      model: "demo",
      contextLength: 8000,
      fallbackModels: [],
    });
    expect(res.json.agent.roster.map((m: { provider: string; model: string }) => `${m.provider}:${m.model}`)).toEqual([
      "demo:demo",
      "scripted:flow",
      "anthropic:claude-sonnet-4-5",
      "openai:gpt-4o",
    ]);
    expect(res.json.agent.tools).toEqual([
      { toolId: goodToolId, toolVersionId: expect.any(String) },
      { builtin: "memory" },
    ]);
    expect(res.json.agent.runLimits).toEqual({
      requestLimit: 50,
      toolCallsLimit: null,
      inputTokensLimit: null,
      outputTokensLimit: null,
      totalTokensLimit: 50_000,
    });
    expect(res.json.agent.compaction.triggerRatio).toBe(0.85);
  });

  it("reads it back unchanged, lists it, and a PUT of the GET answer changes nothing", async () => {
    const first = await get(id);
    expect(first.status).toBe(200);
    const list = await callRoute(agents.GET, "/api/agents", { bearer: viewer });
    expect(list.json.agents).toMatchObject([{ id, name: "billing", activeModel: "demo:demo", tools: 2 }]);
    const again = await put(id, first.json.agent);
    expect(again.status).toBe(200);
    const { updatedAt: _a, ...before } = first.json.agent;
    const { updatedAt: _b, ...after } = again.json.agent;
    expect(after).toEqual(before);
  });

  it("a single-model agent answers roster []", async () => {
    const res = await post({ name: "solo", model: { provider: "demo", model: "demo" } });
    expect(res.status).toBe(201);
    expect(res.json.agent.roster).toEqual([]);
    const refused = await sw(res.json.agent.id, "demo:demo");
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: "ModelSwitchError",
      message: "this agent declares no model roster, so switching is unavailable",
      reason: "no_roster",
    });
  });

  it("bad input -> 400 naming each field path", async () => {
    const res = await post({
      name: "bad",
      model: [
        { provider: "openai", model: "gpt-4o" },
        { provider: "openai", model: "gpt-4o", temperature: 3 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.issues).toEqual([
      { path: "model.1.temperature", message: "temperature must be between 0 and 2", code: "too_big" },
    ]);
    const dup = await post({
      name: "bad",
      model: [
        { provider: "openai", model: "gpt-4o" },
        { provider: "openai", model: "gpt-4o" },
      ],
    });
    expect(dup.json.error.issues).toEqual([
      {
        path: "model.1.model",
        message: "duplicate roster key 'openai:gpt-4o': two entries with one key would make a switch request ambiguous",
        code: "custom",
      },
    ]);
    expect((await post({ name: "bad", model: [] })).json.error.issues[0].path).toBe("model");
    expect((await post({ name: "bad", model: [roster[0]], roster: [roster[0]] })).json.error.issues[0].path).toBe(
      "roster",
    );
    expect(
      (await post({ name: "bad", runLimits: { requestLimit: 0 }, autonomy: "yolo" })).json.error.issues.map(
        (i: { path: string }) => i.path,
      ),
    ).toEqual(["runLimits.requestLimit", "autonomy"]);
    expect((await post({ name: "billing" })).json.error.issues).toEqual([
      { path: "name", message: "an agent named 'billing' already exists", code: "custom" },
    ]);
  });

  it("refuses a tool version with definition errors, and unknown tools", async () => {
    const res = await post({
      name: "t1",
      model: roster[0],
      tools: [{ builtin: "memory" }, { toolId: brokenToolId }, { toolId: "nope" }],
    });
    expect(res.status).toBe(400);
    expect(res.json.error.issues).toEqual([
      {
        path: "tools.1.toolId",
        message: "tool 'broken' v1 has definition errors; fix them in the Tool Studio before attaching it",
        code: "custom",
      },
      { path: "tools.2.toolId", message: "no tool with id 'nope' in this workspace", code: "custom" },
    ]);
  });

  it("agents as tools; a cycle is refused with its path", async () => {
    const atlas = (await post({ name: "atlas", model: roster[0], tools: [{ toolId: goodToolId }] })).json.agent;
    const lead = await post({ name: "lead", model: roster[0], tools: [{ agentId: atlas.id, sideEffecting: false }] });
    expect(lead.status).toBe(201);
    expect(lead.json.agent.tools).toEqual([{ agentId: atlas.id, sideEffecting: false }]);
    const cyc = await put(atlas.id, { ...atlas, tools: [{ toolId: goodToolId }, { agentId: lead.json.agent.id }] });
    expect(cyc.status).toBe(400);
    expect(cyc.json.error.issues).toEqual([
      {
        path: "tools.1.agentId",
        message: "using 'lead' as a tool would create a cycle: atlas → lead → atlas",
        code: "custom",
      },
    ]);
    const self = await put(atlas.id, { ...atlas, tools: [{ agentId: atlas.id }] });
    expect(self.json.error.issues[0].message).toBe("an agent cannot use itself as a tool");
    // Deleting an agent another one uses is refused; after removing the link it works.
    const del = await callRoute(agent.DELETE, `/api/agents/${atlas.id}`, {
      method: "DELETE",
      params: { id: atlas.id },
      bearer: author,
    });
    expect(del.status).toBe(409);
    expect(del.json.error.message).toBe("Agent 'atlas' is used as a tool by lead; remove it there first.");
    await put(lead.json.agent.id, { ...lead.json.agent, tools: [] });
    expect(
      (
        await callRoute(agent.DELETE, `/api/agents/${atlas.id}`, {
          method: "DELETE",
          params: { id: atlas.id },
          bearer: author,
        })
      ).status,
    ).toBe(200);
    expect((await get(atlas.id)).status).toBe(404);
  });

  it("an unknown id is a 404 not_found for read, update, delete and switch", async () => {
    const missing = "no-such-agent";
    const message = "No agent with id 'no-such-agent'.";
    const answers = [
      await get(missing),
      await put(missing, { name: "ghost", model: roster[0] }),
      await callRoute(agent.DELETE, `/api/agents/${missing}`, {
        method: "DELETE",
        params: { id: missing },
        bearer: author,
      }),
      await sw(missing, "demo:demo"),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.json.error).toEqual({ code: "not_found", message });
    }
  });

  it("an update with bad input is a 400 naming the field, and changes nothing", async () => {
    const before = (await get(id)).json.agent;
    const res = await put(id, { ...before, name: "two words", compaction: { ...before.compaction, triggerRatio: 0 } });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.issues).toEqual([
      {
        path: "name",
        message: "Use 1–64 letters, digits, _ or - (an agent can be called as a tool, so its name is a tool name)",
        code: "invalid_format",
      },
      { path: "compaction.triggerRatio", message: "triggerRatio must be greater than 0", code: "too_small" },
    ]);
    expect((await get(id)).json.agent).toEqual(before);
  });

  it("a viewer reads but cannot write (403)", async () => {
    expect((await get(id, viewer)).status).toBe(200);
    const denied = await post({ name: "v" }, viewer);
    expect(denied.status).toBe(403);
    expect(denied.json.error.message).toBe("This action needs one of the roles: author.");
    expect((await put(id, { name: "v" }, viewer)).status).toBe(403);
    expect((await sw(id, "scripted:flow", viewer)).status).toBe(403);
    expect(
      (await callRoute(agent.DELETE, `/api/agents/${id}`, { method: "DELETE", params: { id }, bearer: viewer })).status,
    ).toBe(403);
  });

  describe("POST /api/agents/{id}/switch-model", () => {
    it("switches: answers the now-active config; recorded on the agent and in the audit log", async () => {
      const res = await sw(id, "scripted:flow");
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        provider: "scripted",
        model: "flow",
        temperature: null,
        seed: null,
        maxTokens: null,
        contextLength: null,
        reasoningEffort: null,
        baseUrl: null,
        script: [{ text: "hello" }],
        fallbackModels: [],
      });
      const after = (await get(id)).json.agent;
      expect(after.model.model).toBe("flow");
      expect(after.roster).toHaveLength(4);
      expect(after.modelSwitches).toEqual([
        { from: "demo:demo", to: "scripted:flow", at: expect.any(String), by: "author (token author)" },
      ]);
      const audit = await t.db.auditLog.findFirst({ where: { action: "agent.model_switched" } });
      expect(audit?.details).toMatchObject({ from: "demo:demo", to: "scripted:flow" });
    });

    it("unknown key: 409 naming every available key; nothing changes", async () => {
      const res = await sw(id, "openai:o99");
      expect(res.status).toBe(409);
      expect(res.json.error).toMatchObject({
        code: "ModelSwitchError",
        message:
          "cannot switch to 'openai:o99': available keys: demo:demo, scripted:flow, anthropic:claude-sonnet-4-5, openai:gpt-4o",
        availableKeys: ["demo:demo", "scripted:flow", "anthropic:claude-sonnet-4-5", "openai:gpt-4o"],
      });
      expect((await get(id)).json.agent.model.model).toBe("flow");
    });

    it("an entry that cannot be built (missing key): 409 with the variable named; nothing changes", async () => {
      const res = await sw(id, "anthropic:claude-sonnet-4-5");
      expect(res.status).toBe(409);
      expect(res.json.error.message).toBe(
        "cannot switch to 'anthropic:claude-sonnet-4-5': Set the `ANTHROPIC_API_KEY` environment variable or save a anthropic key in Settings → Providers to use the Anthropic provider.",
      );
      expect((await get(id)).json.agent.model.model).toBe("flow");
    });

    it("an entry that would make auto-compaction unreachable: 409 naming threshold and limit", async () => {
      process.env.OPENAI_API_KEY = "sk-int-test";
      const res = await sw(id, "openai:gpt-4o");
      delete process.env.OPENAI_API_KEY;
      expect(res.status).toBe(409);
      expect(res.json.error.reason).toBe("compaction_unreachable");
      expect(res.json.error.message).toContain("threshold of 108800 tokens");
      expect(res.json.error.message).toContain("run-tier totalTokensLimit of 50000");
      expect((await get(id)).json.agent.model.model).toBe("flow");
    });

    it("a bad body is a 400", async () => {
      const res = await callRoute(switchModel.POST, `/api/agents/${id}/switch-model`, {
        params: { id },
        body: {},
        bearer: author,
      });
      expect(res.status).toBe(400);
      expect(res.json.error.issues[0].path).toBe("key");
    });
  });
});

describe("POST /api/credentials/{provider}/test", () => {
  it("makes one tiny real request and reports the answer, or the provider's error text", async () => {
    process.env.OPENAI_API_KEY = "sk-int-test";
    process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
    try {
      fake.reply("/v1/chat/completions", openaiReplies.text("ok"));
      const ok = await callRoute(credentialTest.POST, "/api/credentials/openai/test", {
        params: { provider: "openai" },
        body: {},
        bearer: ADMIN,
      });
      expect(ok.status).toBe(200);
      expect(ok.json).toMatchObject({ ok: true, provider: "openai", model: "gpt-4o-mini", answer: "ok" });
      fake.reply("/v1/chat/completions", openaiReplies.error(401, "Incorrect API key provided: sk-int-***"));
      const bad = await callRoute(credentialTest.POST, "/api/credentials/openai/test", {
        params: { provider: "openai" },
        body: { model: "gpt-4o" },
        bearer: ADMIN,
      });
      expect(bad.json).toMatchObject({
        ok: false,
        model: "gpt-4o",
        error: "Incorrect API key provided: sk-int-***",
        status: 401,
      });
    } finally {
      delete process.env.OPENAI_API_KEY;
      delete process.env.OPENAI_BASE_URL;
    }
    const missing = await callRoute(credentialTest.POST, "/api/credentials/anthropic/test", {
      params: { provider: "anthropic" },
      body: {},
      bearer: ADMIN,
    });
    expect(missing.json).toMatchObject({ ok: false, error: expect.stringContaining("`ANTHROPIC_API_KEY`") });
  });

  it("is for admins only", async () => {
    expect(
      (
        await callRoute(credentialTest.POST, "/api/credentials/openai/test", {
          params: { provider: "openai" },
          body: {},
          bearer: author,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await callRoute(credentialTest.POST, "/api/credentials/openai/test", {
          params: { provider: "openai" },
          body: {},
          bearer: viewer,
        })
      ).status,
    ).toBe(403);
  });
});
