/**
 * The agent loader on a migrated database: an agent whose tools are all pinned is served from the
 * process's cache after one small read, and any save (or model switch) reaches the next load; an
 * agent whose tool follows the latest version is read in full every time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentInput } from "@/lib/agents/agent-input.shared";
import { updateAgent } from "@/lib/agents/save-agent";
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
        queries.push(`${model}.${operation}`);
        return query(args);
      },
    },
  }) as unknown as Db;
});
afterAll(async () => t?.cleanup());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("createPrismaAgentLoader", () => {
  it("serves an agent of pinned tools from its cache after one read of updatedAt, until the agent is saved", async () => {
    const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
    const loader = createPrismaAgentLoader(db);
    await sleep(2);
    const first = await loader.load(atlas.id);
    expect(first.tools.map((x) => x.kind)).toEqual(["tool", "tool"]);

    queries.length = 0;
    const second = await loader.load(atlas.id);
    expect(queries).toEqual(["Agent.findUnique"]);
    expect(second).toBe(first);

    // A save right after the load still reaches the next run.
    await updateAgent(t.db, atlas.id, AgentInput.parse({ ...first.config, description: "Edited for the test." }));
    const third = await loader.load(atlas.id);
    expect(third.description).toBe("Edited for the test.");
    expect(third).not.toBe(first);
  });

  it("reads an agent in full on every load when a tool follows its latest version", async () => {
    const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" }, include: { tools: true } });
    await t.db.agentTool.updateMany({ where: { agentId: atlas.id }, data: { toolVersionId: null } });
    const loader = createPrismaAgentLoader(db);
    await sleep(2);
    await loader.load(atlas.id);
    queries.length = 0;
    const again = await loader.load(atlas.id);
    expect(queries).toContain("ToolVersion.findFirst");
    expect(again.tools.map((x) => x.kind)).toEqual(["tool", "tool"]);
  });

  it("refuses a deleted agent it had cached", async () => {
    const ws = await t.db.workspace.findFirstOrThrow();
    const gone = await t.db.agent.create({
      data: { workspaceId: ws.id, name: "short_lived", config: { model: { provider: "demo", model: "demo" } } },
    });
    const loader = createPrismaAgentLoader(db);
    await sleep(2);
    await loader.load(gone.id);
    await t.db.agent.delete({ where: { id: gone.id } });
    await expect(loader.load(gone.id)).rejects.toThrow(/No agent with id/);
  });
});
