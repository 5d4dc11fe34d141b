/**
 * The event writer's synchronous path on SQLite (sqlite-connection.ts): one transaction on the
 * connection behind the Prisma client, refused (nothing run) where it would not be safe or has no
 * connection — PostgreSQL, an extended client, a transaction open on the connection.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";
import { runSqliteTransaction } from "./sqlite-connection";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.$executeRawUnsafe(`CREATE TABLE "WriterProbe" ("id" TEXT PRIMARY KEY, "n" INTEGER NOT NULL)`);
});
afterAll(async () => t?.cleanup());

const insert = (id: string, n: number): [string, unknown[]] => [
  `INSERT INTO "WriterProbe" ("id", "n") VALUES (?, ?)`,
  [id, n],
];
const probes = async () =>
  (await t.db.$queryRawUnsafe<Array<{ id: string }>>(`SELECT "id" FROM "WriterProbe" ORDER BY "id"`)).map((r) => r.id);

describe.runIf(!process.env.ATELIER_TEST_PG_URL)("on SQLite", () => {
  it("runs the statements in one transaction on the client's connection", async () => {
    await t.db.workspace.count(); // connected
    expect(runSqliteTransaction(t.db, [insert("a", 1), insert("b", 2)])).toBe(true);
    expect(await probes()).toEqual(["a", "b"]);
  });

  it("rolls the whole transaction back when a statement fails, with SQLite's message", async () => {
    expect(() => runSqliteTransaction(t.db, [insert("c", 3), insert("a", 4)])).toThrow(/UNIQUE constraint failed/);
    expect(await probes()).toEqual(["a", "b"]);
  });

  it("runs nothing while a Prisma transaction is open on the connection", async () => {
    await t.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO "WriterProbe" ("id", "n") VALUES ('d', 5)`);
      expect(runSqliteTransaction(t.db, [insert("e", 6)])).toBe(false);
    });
    expect(await probes()).toEqual(["a", "b", "d"]);
  });

  it("runs nothing through a client it does not know (an extended one)", async () => {
    const extended = t.db.$extends({});
    expect(runSqliteTransaction(extended, [insert("f", 7)])).toBe(false);
    expect(await probes()).toEqual(["a", "b", "d"]);
  });
});

describe.runIf(!!process.env.ATELIER_TEST_PG_URL)("on PostgreSQL", () => {
  it("runs nothing: the caller takes Prisma's path", () => {
    expect(runSqliteTransaction(t.db, [insert("a", 1)])).toBe(false);
  });
});
