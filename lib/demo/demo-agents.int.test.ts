import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAgent } from "../agents/read-agent";
import { seedStudio, type SeedStep } from "../db/seed-demo";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-database";
import { DEMO_SUGGESTED_PROMPTS, demoAgentsStep } from "./demo-agents";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

/** Stands in for step 1 (the demo tools, another feature): a few tools, one with errors. */
const fakeToolsStep: SeedStep = {
  step: 1,
  description: "test tools",
  async run(db, workspaceId) {
    for (const [name, hasErrors] of [
      ["city_population", false],
      ["forecast", false],
      ["refund", false],
      ["send_email", true],
    ] as const) {
      const tool = await db.tool.create({ data: { workspaceId, name } });
      await db.toolVersion.create({
        data: {
          toolId: tool.id,
          version: 1,
          source: "//",
          analysis: hasErrors ? undefined : ({ name } as never),
          diagnostics: [],
          hasErrors,
        },
      });
    }
  },
};

describe("demoAgentsStep", () => {
  it("creates atlas, billing and lead on the demo model, with the tools that exist", async () => {
    const r = await seedStudio(t.db, [fakeToolsStep, demoAgentsStep], { demo: true });
    expect(r.applied).toContain(demoAgentsStep.description);
    const rows = await t.db.agent.findMany({ orderBy: { name: "asc" } });
    expect(rows.map((a) => a.name)).toEqual(["atlas", "billing", "lead"]);
    const [atlas, billing, lead] = await Promise.all(rows.map((a) => getAgent(t.db, a.id)));
    for (const a of [atlas, billing, lead]) expect(a.model).toMatchObject({ provider: "demo", model: "demo" });
    expect(atlas.tools).toHaveLength(2);
    expect(billing.autonomy).toBe("gated");
    expect(atlas.suggestedPrompts).toContain("What is the population of Paris?");
    expect(billing.suggestedPrompts).toEqual(DEMO_SUGGESTED_PROMPTS.billing);
    expect(lead.suggestedPrompts).toEqual(DEMO_SUGGESTED_PROMPTS.lead);
    expect(billing.tools).toHaveLength(1); // send_email has definition errors here, so it is left out
    expect(lead.tools).toEqual([{ agentId: atlas.id, sideEffecting: false }]);
    expect(await seedStudio(t.db, [fakeToolsStep, demoAgentsStep], { demo: true })).toMatchObject({ applied: [] });
  });
});
