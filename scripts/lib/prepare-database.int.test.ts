import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../lib/db/testing/test-database";
import { prepareDatabase, StartupError } from "./prepare-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

describe("prepareDatabase (what npm start does before serving)", () => {
  it("on an up-to-date database applies nothing and seeds the demo once", async () => {
    const lines: string[] = [];
    await prepareDatabase((l) => lines.push(l));
    await prepareDatabase((l) => lines.push(l));
    expect(lines[0]).toMatch(/migrations up to date \(\d+\)$/);
    expect(lines[1]).toMatch(/^atelier: seeded demo workspace/);
    expect(lines[2]).toMatch(/migrations up to date/);
    expect(lines[3]).toBe("atelier: nothing to seed");
    expect(await t.db.workspace.count()).toBe(1);
  });

  it("stops with one line naming DATABASE_URL and the reason", async () => {
    const saved = process.env.DATABASE_URL;
    try {
      process.env.DATABASE_URL = "mysql://root@localhost/atelier";
      await expect(prepareDatabase(() => {})).rejects.toThrowError(
        new StartupError(
          "DATABASE_URL: unsupported database URL ('mysql:'); use file:PATH for SQLite or postgresql://… for PostgreSQL",
        ),
      );
      process.env.DATABASE_URL = "postgresql://nobody@127.0.0.1:1/atelier";
      const err = await prepareDatabase(() => {}).catch((e) => e);
      expect(err).toBeInstanceOf(StartupError);
      expect(err.message).toBe(
        "DATABASE_URL: cannot migrate postgresql 127.0.0.1:1/atelier: Can't reach database server at `127.0.0.1:1`",
      );
      expect(err.message).not.toContain("\n");
    } finally {
      process.env.DATABASE_URL = saved;
    }
  });
});
