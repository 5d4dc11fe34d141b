/**
 * Suggested prompts through the HTTP routes: create and update (with the 400 naming the field),
 * versions and their restore, and the agent file's round trip into an empty studio.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { closeServer } from "@/lib/server/server";
import * as agentsRoute from "./route";
import * as agentRoute from "./[id]/route";
import * as versionRoute from "./[id]/versions/[n]/route";
import * as restoreRoute from "./[id]/versions/[n]/restore/route";
import * as exportRoute from "./[id]/export/route";
import * as importRoute from "./import/route";

const ADMIN = "suggested-prompts-int-admin-token-0123456789";
const as = { bearer: ADMIN };
const savedEnv = { ...process.env };
let source: TestDatabase;
let target: TestDatabase;
let targetUrl = "";

beforeAll(async () => {
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  target = await createTestDatabase();
  targetUrl = process.env.DATABASE_URL!;
  source = await createTestDatabase(); // the routes follow DATABASE_URL: this studio until the import test
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await source?.cleanup();
  await target?.cleanup();
});

const model = { provider: "demo", model: "demo" };
const create = (body: unknown) => callRoute(agentsRoute.POST, "/api/agents", { ...as, body });
const update = (id: string, body: unknown) =>
  callRoute(agentRoute.PUT, `/api/agents/${id}`, { ...as, method: "PUT", params: { id }, body });
const get = (id: string) => callRoute(agentRoute.GET, `/api/agents/${id}`, { ...as, params: { id } });
const version = (id: string, n: number) =>
  callRoute(versionRoute.GET, `/api/agents/${id}/versions/${n}`, { ...as, params: { id, n: String(n) } });

describe("suggestedPrompts on the agents routes", () => {
  let id = "";

  it("POST keeps them trimmed and GET answers them; an agent without any answers []", async () => {
    const res = await create({ name: "greeter", model, suggestedPrompts: [" Say hello ", "What can you do?"] });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    id = res.json.agent.id;
    expect(res.json.agent.suggestedPrompts).toEqual(["Say hello", "What can you do?"]);
    expect((await get(id)).json.agent.suggestedPrompts).toEqual(["Say hello", "What can you do?"]);
    const plain = await create({ name: "plain", model });
    expect(plain.json.agent.suggestedPrompts).toEqual([]);
  });

  it("a bad prompt is a 400 validation_error naming the field, and nothing is saved", async () => {
    const res = await update(id, { name: "greeter", model, suggestedPrompts: ["fine", "", "x".repeat(201)] });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.issues).toEqual([
      { path: "suggestedPrompts.1", message: "A suggested prompt is not empty (remove it instead)", code: "too_small" },
      { path: "suggestedPrompts.2", message: "Keep a suggested prompt to 200 characters", code: "too_big" },
    ]);
    const tooMany = await create({ name: "many", model, suggestedPrompts: ["1", "2", "3", "4", "5", "6", "7"] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error.issues[0]).toMatchObject({ path: "suggestedPrompts" });
    expect((await get(id)).json.agent).toMatchObject({
      version: 1,
      suggestedPrompts: ["Say hello", "What can you do?"],
    });
  });

  it("PUT saves a new version; the version keeps its own prompts, and restoring brings them back", async () => {
    const res = await update(id, { name: "greeter", model, suggestedPrompts: ["Say goodbye"] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.agent).toMatchObject({ version: 2, suggestedPrompts: ["Say goodbye"] });
    // The same prompts again: no new version.
    expect((await update(id, { name: "greeter", model, suggestedPrompts: ["Say goodbye"] })).json.agent.version).toBe(
      2,
    );
    expect((await version(id, 1)).json.agent.suggestedPrompts).toEqual(["Say hello", "What can you do?"]);
    const restored = await callRoute(restoreRoute.POST, `/api/agents/${id}/versions/1/restore`, {
      ...as,
      method: "POST",
      params: { id, n: "1" },
    });
    expect(restored.json.agent).toMatchObject({ version: 3, suggestedPrompts: ["Say hello", "What can you do?"] });
  });

  it("a version stored before suggested prompts existed reads as none", async () => {
    const row = await source.db.agentVersion.findFirstOrThrow({ where: { agentId: id, version: 3 } });
    const config = typeof row.config === "string" ? JSON.parse(row.config) : structuredClone(row.config);
    delete config.suggestedPrompts;
    await source.db.agentVersion.update({
      where: { id: row.id },
      data: { config: typeof row.config === "string" ? JSON.stringify(config) : config },
    });
    expect((await get(id)).json.agent.suggestedPrompts).toEqual([]);
    // Putting them back is a change: a new version.
    const res = await update(id, { name: "greeter", model, suggestedPrompts: ["Say hello", "What can you do?"] });
    expect(res.json.agent.version).toBe(4);
  });

  it("travel in the agent file: export, import into an empty studio, export again", async () => {
    const exported = await callRoute(exportRoute.GET, `/api/agents/${id}/export`, { ...as, params: { id } });
    expect(exported.status).toBe(200);
    expect(exported.json.agent.suggestedPrompts).toEqual(["Say hello", "What can you do?"]);
    process.env.DATABASE_URL = targetUrl;
    const imported = await callRoute(importRoute.POST, "/api/agents/import", { ...as, body: exported.json });
    expect(imported.status, JSON.stringify(imported.json)).toBe(201);
    const again = await callRoute(exportRoute.GET, `/api/agents/${imported.json.agentId}/export`, {
      ...as,
      params: { id: imported.json.agentId },
    });
    expect({ ...again.json, exportedAt: undefined }).toEqual({ ...exported.json, exportedAt: undefined });
    // A file without them imports with none; a bad one is refused at its path in the file.
    const { suggestedPrompts: _s, ...agent } = exported.json.agent;
    const older = await callRoute(importRoute.POST, "/api/agents/import", {
      ...as,
      body: { ...exported.json, agent: { ...agent, name: "older" } },
    });
    expect(older.status).toBe(201);
    expect((await get(older.json.agentId)).json.agent.suggestedPrompts).toEqual([]);
    const bad = await callRoute(importRoute.POST, "/api/agents/import", {
      ...as,
      body: { ...exported.json, agent: { ...agent, name: "bad", suggestedPrompts: ["  "] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues[0].path).toBe("agent.suggestedPrompts.0");
  });
});
