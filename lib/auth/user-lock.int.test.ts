import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-database";
import { withUsersLocked } from "./user-lock";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.cleanup();
});

describe("withUsersLocked", () => {
  it.runIf(!process.env.ATELIER_TEST_PG_URL)(
    "on SQLite holds the database's write lock from its first statement: another process cannot begin a write",
    async () => {
      if (t.target.kind !== "sqlite") return;
      const file = t.target.file;
      const outcome = await withUsersLocked(t.db, async (tx) => {
        await tx.user.count();
        const other = new Database(file, { timeout: 0 });
        try {
          other.exec("BEGIN IMMEDIATE");
          other.exec("ROLLBACK");
          return "other writer got in";
        } catch (e) {
          return (e as { code?: string }).code;
        } finally {
          other.close();
        }
      });
      expect(outcome).toBe("SQLITE_BUSY");
    },
  );

  it.runIf(process.env.ATELIER_TEST_PG_URL)(
    "on PostgreSQL makes a second locked transaction wait for the first to commit",
    async () => {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let entered!: () => void;
      const firstIn = new Promise<void>((r) => (entered = r));
      const first = withUsersLocked(t.db, async () => {
        order.push("first in");
        entered();
        await held;
        order.push("first out");
      });
      // The second starts once the first holds the lock (not after a guessed delay: under load the
      // first can take longer than any fixed wait to get in).
      await firstIn;
      const second = withUsersLocked(t.db, async () => {
        order.push("second in");
      });
      await new Promise((r) => setTimeout(r, 300));
      release();
      await Promise.all([first, second]);
      expect(order).toEqual(["first in", "first out", "second in"]);
    },
  );

  it("returns the callback's value and rolls back when it throws", async () => {
    expect(await withUsersLocked(t.db, async () => 42)).toBe(42);
    await expect(
      withUsersLocked(t.db, async (tx) => {
        await tx.user.create({ data: { email: "gone@example.com", name: "Gone", passwordHash: "x", roles: "viewer" } });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await t.db.user.count({ where: { email: "gone@example.com" } })).toBe(0);
  });
});
