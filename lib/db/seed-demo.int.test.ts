import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedStudio, type SeedStep } from "./seed-demo";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

describe("seedStudio", () => {
  it("creates only the default workspace when the demo is off", async () => {
    const r = await seedStudio(t.db, [], { demo: false });
    expect(r.applied).toEqual([]);
    expect(await t.db.workspace.findMany({ select: { slug: true, isDemo: true } })).toEqual([
      { slug: "default", isDemo: false },
    ]);
    await t.db.workspace.deleteMany();
  });

  it("seeds the demo workspace once, and later steps exactly once each", async () => {
    const calls: number[] = [];
    const step = (n: number): SeedStep => ({
      step: n,
      description: `step ${n}`,
      run: async (db, workspaceId) => {
        calls.push(n);
        await db.studioMeta.create({ data: { key: `test.step.${n}`, value: workspaceId } });
      },
    });
    const first = await seedStudio(t.db, [step(1)], { demo: true });
    expect(first.applied).toEqual(["demo workspace", "step 1"]);
    const second = await seedStudio(t.db, [step(1)], { demo: true });
    expect(second.applied).toEqual([]);
    const third = await seedStudio(t.db, [step(2), step(1)], { demo: true });
    expect(third.applied).toEqual(["step 2"]);
    expect(calls).toEqual([1, 2]);
    expect(await t.db.workspace.count({ where: { slug: "demo" } })).toBe(1);
  });
});
