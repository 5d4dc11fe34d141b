import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-database";
import { seedStudio } from "../db/seed-demo";
import { DEMO_SEED_STEPS } from "./demo-steps";
import { findDemoPath } from "./demo-path";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
});
afterAll(async () => {
  await t?.cleanup();
});

describe("the guided demo path", () => {
  it("names the demo agents and their questions while the demo is on", async () => {
    const path = await findDemoPath(t.db, {});
    expect(path?.atlas).toMatchObject({ agentName: "atlas", message: "What is the population of Paris?" });
    expect(path?.billing).toMatchObject({ agentName: "billing", message: expect.stringContaining("refund") });
    const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
    expect(path?.atlas.agentId).toBe(atlas.id);
  });

  it("is off with ATELIER_DEMO=0", async () => {
    expect(await findDemoPath(t.db, { ATELIER_DEMO: "0" })).toBeNull();
  });

  it("is off once a demo agent is gone", async () => {
    const billing = await t.db.agent.findFirstOrThrow({ where: { name: "billing" } });
    await t.db.agent.update({ where: { id: billing.id }, data: { name: "billing-old" } });
    expect(await findDemoPath(t.db, {})).toBeNull();
    await t.db.agent.update({ where: { id: billing.id }, data: { name: "billing" } });
  });
});
