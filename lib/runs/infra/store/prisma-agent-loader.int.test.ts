/**
 * The agent loader on a migrated database: a version whose tools are all pinned is served from the
 * process's cache after one small read, and any change of the agent-wide state (a save, a model
 * switch) reaches the next load; a version whose tool follows the latest version is read in full
 * every time, and so is a load by `production` (agents called as tools).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentInput } from "@/lib/agents/agent-input.shared";
import { createAgent, updateAgent } from "@/lib/agents/save-agent";
import type { Db } from "@/lib/db/client";
import { seedStudio } from "@/lib/db/seed-demo";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { createPrismaAgentLoader } from "./prisma-agent-loader";

let t: TestDatabase;
let db: Db;
const queries: string[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  db = t.db.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        queries.push(
          model
            ? `${model}.${operation}`
            : `${operation} ${String((args as { strings?: string[] }).strings?.[0] ?? "").trim()}`,
        );
        return query(args);
      },
    },
  }) as unknown as Db;
});
afterAll(async () => t?.cleanup());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("createPrismaAgentLoader", () => {
  it("serves a version of pinned tools from its cache after one read of updatedAt, until the agent is saved", async () => {
    const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
    const loader = createPrismaAgentLoader(db);
    await sleep(2);
    const first = await loader.load(atlas.id, { version: 1 });
    expect(first.tools.map((x) => x.kind)).toEqual(["tool", "tool"]);
    expect(first.version).toBe(1);

    queries.length = 0;
    const second = await loader.load(atlas.id, { version: 1 });
    expect(queries).toEqual(['$queryRaw SELECT "updatedAt" FROM "Agent" WHERE "id" =']);
    expect(second).toBe(first);

    // A save right after the load is version 2, read by the next load that asks for it.
    await updateAgent(t.db, atlas.id, AgentInput.parse({ ...first.config, description: "Edited for the test." }));
    const third = await loader.load(atlas.id, { version: 2 });
    expect(third.description).toBe("Edited for the test.");
    // Version 1 is read again (the agent-wide state may have changed) and is still version 1.
    const fourth = await loader.load(atlas.id, { version: 1 });
    expect(fourth).not.toBe(first);
    expect(fourth.description).toBe(first.description);
    // Without a version (an agent called as a tool): production, the latest while unset, read in full.
    queries.length = 0;
    expect((await loader.load(atlas.id)).version).toBe(2);
    expect(queries).toContain("AgentVersion.findUnique");
  });

  it("reads a version in full on every load when a tool follows its latest version", async () => {
    const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
    const loader = createPrismaAgentLoader(db);
    const current = await loader.load(atlas.id, { version: atlas.latestVersion });
    const tools = current.config.tools.map((e) =>
      "toolId" in e ? { toolId: e.toolId, follow: "latest" as const } : e,
    );
    const saved = await updateAgent(t.db, atlas.id, AgentInput.parse({ ...current.config, tools }));
    await sleep(2);
    await loader.load(atlas.id, { version: saved.version });
    queries.length = 0;
    const again = await loader.load(atlas.id, { version: saved.version });
    expect(queries).toContain("ToolVersion.findFirst");
    expect(again.tools.map((x) => x.kind)).toEqual(["tool", "tool"]);
    expect(again.followedTools?.map((f) => f.name).sort()).toEqual(["city_population", "forecast"]);
  });

  it("refuses a deleted agent it had cached", async () => {
    const gone = await createAgent(
      t.db,
      AgentInput.parse({ name: "short_lived", model: { provider: "demo", model: "demo" } }),
    );
    const loader = createPrismaAgentLoader(db);
    await sleep(2);
    await loader.load(gone.id, { version: 1 });
    await t.db.agent.delete({ where: { id: gone.id } });
    await expect(loader.load(gone.id, { version: 1 })).rejects.toThrow(/No agent with id/);
  });
});
