/**
 * #23 item 1 through the HTTP API: a model base URL typed in the studio is refused at save time
 * with a field error unless ATELIER_MODEL_EGRESS_ALLOW opens it; an allowed local provider (a fake
 * server on 127.0.0.1) that fails leaves a short, typed, redacted error on the run for any viewer
 * to read, and a redirect it answers is not followed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import {
  openaiReplies,
  startFakeProviderServer,
  type FakeProviderServer,
} from "@/lib/models/testing/fake-provider-server";
import type { RunRuntime } from "@/lib/runs/infra/runtime";
import { startTurn } from "@/lib/runs/use-cases/start-turn";
import { testRunRuntime } from "@/lib/server/testing/test-runtime";
import * as agents from "./route";
import * as agent from "./[id]/route";
import * as conversations from "../conversations/route";
import * as events from "../conversations/[id]/events/route";

let t: TestDatabase;
let fake: FakeProviderServer;
let port = 0;
let viewer = "";
let rt: RunRuntime;
const ADMIN = "model-egress-int-admin-token-0123456789";
const savedEnv = { ...process.env };
const FAKE_KEY = "sk-live-9f8e7d6c5b4a39281706ABCDEF";

beforeAll(async () => {
  t = await createTestDatabase();
  fake = await startFakeProviderServer();
  port = Number(new URL(fake.url).port);
  rt = testRunRuntime(t.db);
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  for (const v of [
    "OPENAI_COMPATIBLE_BASE_URL",
    "ATELIER_EGRESS_ALLOW",
    "ATELIER_MCP_EGRESS_ALLOW",
    "ATELIER_MODEL_EGRESS_ALLOW",
  ])
    delete process.env[v];
  const user = await t.db.user.create({
    data: { email: "viewer@example.com", name: "viewer", passwordHash: "x", roles: "viewer" },
  });
  viewer = (
    await createApiToken(
      t.db,
      { kind: "user", id: user.id, name: "viewer", roles: ["viewer"] },
      { name: "viewer", role: "viewer", expiresInDays: null },
    )
  ).token;
});
afterAll(async () => {
  process.env = savedEnv;
  await fake?.close();
  await t?.cleanup();
});
beforeEach(() => {
  delete process.env.ATELIER_MODEL_EGRESS_ALLOW;
  delete process.env.ATELIER_EGRESS_ALLOW;
  fake.requests.length = 0;
});

const local = (baseUrl: string, model = "llama3") => ({ provider: "openai-compatible", model, baseUrl });
const agentBody = (name: string, model: unknown) => ({
  name,
  prompt: { template: "You answer briefly." },
  model,
  runtime: { http: { maxRetries: 0 } },
});
const create = (body: unknown) => callRoute(agents.POST, "/api/agents", { body, bearer: ADMIN });

describe("saving an agent whose model base URL the policy refuses", () => {
  it("answers 400 with a field error at model.0.baseUrl (a model list) and saves nothing", async () => {
    const res = await create(
      agentBody("list_local", [local("https://llm.example.com/v1", "a"), local("http://192.168.1.20:8000/v1", "b")]),
    );
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.issues).toEqual([
      {
        path: "model.1.baseUrl",
        code: "custom",
        message: expect.stringMatching(/private address.*ATELIER_MODEL_EGRESS_ALLOW \(e\.g\. "192\.168\.1\.20:8000"\)/),
      },
    ]);
    expect(await t.db.agent.count()).toBe(0);
  });

  it("names model.baseUrl and model.fallbackModels.N.baseUrl for a single model; metadata is never allowed", async () => {
    process.env.ATELIER_MODEL_EGRESS_ALLOW = "169.254.169.254:80";
    const res = await create(
      agentBody("single_local", {
        ...local(`${fake.url}/v1`),
        fallbackModels: [local("http://169.254.169.254/latest", "meta")],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.json.error.issues.map((i: { path: string }) => i.path)).toEqual([
      "model.baseUrl",
      "model.fallbackModels.0.baseUrl",
    ]);
    expect(res.json.error.issues[1].message).toMatch(/metadata/);
  });

  it("the tools' ATELIER_EGRESS_ALLOW does not open a model base URL", async () => {
    process.env.ATELIER_EGRESS_ALLOW = `127.0.0.1:${port}`;
    const res = await create(agentBody("tools_list", local(`${fake.url}/v1`)));
    expect(res.status).toBe(400);
    expect(res.json.error.issues[0].path).toBe("model.baseUrl");
  });

  it("an update is checked too", async () => {
    process.env.ATELIER_MODEL_EGRESS_ALLOW = `127.0.0.1:${port}`;
    const ok = await create(agentBody("updated_local", local(`${fake.url}/v1`)));
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    const id = ok.json.agent.id;
    const res = await callRoute(agent.PUT, `/api/agents/${id}`, {
      method: "PUT",
      params: { id },
      body: agentBody("updated_local", local("http://10.9.8.7:8000/v1")),
      bearer: ADMIN,
    });
    expect(res.status).toBe(400);
    expect(res.json.error.issues[0].path).toBe("model.baseUrl");
  });
});

describe("a run on an allowed local provider", () => {
  async function runOnce(name: string) {
    process.env.ATELIER_MODEL_EGRESS_ALLOW = `127.0.0.1:${port}`;
    const saved = await create(agentBody(name, local(`${fake.url}/v1`)));
    expect(saved.status, JSON.stringify(saved.json)).toBe(201);
    const c = await callRoute(conversations.POST, "/api/conversations", {
      body: { agentId: saved.json.agent.id },
      bearer: ADMIN,
    });
    const id = c.json.id as string;
    const { done } = await startTurn(rt, { conversationId: id, content: "hello", actor: { id: null, name: "tester" } });
    await done;
    await rt.writer.flush();
    const log = await callRoute(events.GET, `/api/conversations/${id}/events?after=0`, {
      params: { id },
      bearer: viewer,
    });
    expect(log.status).toBe(200);
    const finished = log.json.events.find((e: { type: string }) => e.type === "RunFinished");
    return { finished: finished.data, raw: JSON.stringify(log.json) };
  }

  it("stores a short typed error without the upstream body's secrets", async () => {
    const body = `Proxy error. Upstream said: Authorization: Bearer ${FAKE_KEY}; ${"stack frame\n".repeat(2000)}`;
    fake.reply("/v1/chat/completions", openaiReplies.error(500, body));
    const { finished, raw } = await runOnce("failing_local");
    expect(fake.requests).toHaveLength(1);
    expect(finished).toMatchObject({
      status: "failed",
      stopReason: "error",
      error: { type: "ModelProviderError", status: 500, provider: "openai-compatible", model: "llama3" },
    });
    expect(finished.error.message).toMatch(/^HTTP 500 from openai-compatible:llama3: Proxy error\. Upstream said/);
    expect(finished.error.message.length).toBeLessThanOrEqual(400);
    expect(raw).not.toContain(FAKE_KEY.slice(8));
    expect(raw).not.toContain("stack frame\nstack frame\nstack frame");
  });

  it("does not follow a redirect the provider answers", async () => {
    fake.reply("/v1/chat/completions", {
      status: 302,
      headers: { location: `${fake.url}/elsewhere/chat/completions` },
      json: {},
    });
    fake.reply("/elsewhere/chat/completions", openaiReplies.text("followed"));
    const { finished } = await runOnce("redirecting_local");
    expect(fake.requests.map((q) => q.path)).toEqual(["/v1/chat/completions"]);
    expect(finished).toMatchObject({
      status: "failed",
      error: { type: "ModelProviderError", provider: "openai-compatible" },
    });
    expect(finished.error.message).toMatch(/redirect.*not followed/);
  });
});
