/**
 * GET /api/models: the model picker's catalog — every provider with its key status (a key saved in
 * the studio, one in the environment, or none; never the key) and the bundled price table's models.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { ModelCatalog } from "@/lib/models/model-catalog.shared";
import { createRoleTokens } from "@/lib/api/testing/role-tokens";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { closeServer } from "@/lib/server/server";
import * as modelsRoute from "./route";
import * as credentialRoute from "../credentials/[provider]/route";

const ADMIN = "models-int-admin-token-0123456789";
const KEY_VARS = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "MISTRAL_API_KEY", "AZURE_OPENAI_ENDPOINT"];
const savedEnv = { ...process.env };
let t: TestDatabase;
let author = "";
let viewer = "";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  process.env.ATELIER_SECRET = "models-int-test-secret";
  for (const v of KEY_VARS) delete process.env[v];
  const tokens = await createRoleTokens(t.db, ["viewer", "author"], "example.com");
  viewer = tokens.viewer!;
  author = tokens.author!;
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

const catalog = async (bearer = author) => {
  const res = await callRoute(modelsRoute.GET, "/api/models", { bearer });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return ModelCatalog.parse(res.json);
};
const provider = (c: ModelCatalog, id: string) => c.providers.find((p) => p.id === id)!;

describe("GET /api/models", () => {
  it("lists every provider, the offline demo first, with the price table's models", async () => {
    const c = await catalog();
    expect(c.providers.map((p) => p.id)).toEqual([
      "demo",
      "openai",
      "azure",
      "anthropic",
      "google",
      "mistral",
      "nvidia",
      "openai-compatible",
      "scripted",
    ]);
    const openai = provider(c, "openai");
    expect(openai.label).toBe("OpenAI");
    expect(openai.models.find((m) => m.id === "gpt-4o")).toMatchObject({
      contextWindow: 128000,
      inputPerMillion: 2.5,
      outputPerMillion: 10,
      source: "genai-prices",
    });
    expect(provider(c, "anthropic").models.some((m) => m.id.startsWith("claude-"))).toBe(true);
    expect(provider(c, "google").models.every((m) => /^(gemini|gemma)/.test(m.id))).toBe(true);
    expect(provider(c, "demo")).toMatchObject({ needsKey: false, models: [expect.objectContaining({ id: "demo" })] });
    expect(provider(c, "scripted")).toMatchObject({ needsKey: false, models: [] });
  });

  it("says which providers have no key, and which have one saved in the studio or in the environment", async () => {
    const before = await catalog();
    expect(provider(before, "openai")).toMatchObject({
      needsKey: true,
      keySaved: false,
      keySource: null,
      keyVariable: "OPENAI_API_KEY",
    });
    expect(provider(before, "azure").missingSetting).toMatch(/AZURE_OPENAI_ENDPOINT/);

    const saved = await callRoute(credentialRoute.PUT, "/api/credentials/anthropic", {
      method: "PUT",
      params: { provider: "anthropic" },
      body: { value: "sk-ant-models-int-0123456789" },
      bearer: ADMIN,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    process.env.MISTRAL_API_KEY = "mistral-env-key-0123456789";
    try {
      const res = await callRoute(modelsRoute.GET, "/api/models", { bearer: author });
      const after = ModelCatalog.parse(res.json);
      expect(provider(after, "anthropic")).toMatchObject({ keySaved: true, keySource: "studio" });
      expect(provider(after, "mistral")).toMatchObject({ keySaved: true, keySource: "environment" });
      expect(provider(after, "openai")).toMatchObject({ keySaved: false });
      // Whether a key is there, never the key.
      expect(JSON.stringify(res.json)).not.toContain("sk-ant-models-int");
      expect(JSON.stringify(res.json)).not.toContain("mistral-env-key");
    } finally {
      delete process.env.MISTRAL_API_KEY;
    }
  });

  it("is for authors (a viewer is refused)", async () => {
    expect((await callRoute(modelsRoute.GET, "/api/models", { bearer: viewer })).status).toBe(403);
  });
});
