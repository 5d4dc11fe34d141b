import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { cacheStatements, type CachedStatement } from "./statement-cache";

let db: Database.Database | null = null;
afterEach(() => db?.close());

/** A connection the way Prisma's adapter uses it: prepare(sql).bind(args), then run / raw().all(). */
function connection(limit?: number) {
  db = new Database(":memory:");
  const cache = cacheStatements(db, limit);
  const prepare = (sql: string) => (db as unknown as { prepare: (sql: string) => CachedStatement }).prepare(sql);
  prepare("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)").run();
  return { cache, prepare };
}

describe("the prepared-statement cache", () => {
  it("prepares each SQL text once and binds its arguments on every execution", () => {
    const { cache, prepare } = connection();
    const insert = "INSERT INTO t (id, name) VALUES (?, ?)";
    for (const [id, name] of [
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ] as const) {
      const stmt = prepare(insert).bind([id, name]);
      expect(stmt.reader).toBe(false);
      expect(stmt.run().changes).toBe(1);
    }
    const select = "SELECT id, name FROM t WHERE id >= ? ORDER BY id";
    const rows = prepare(select).bind([2]);
    expect(rows.reader).toBe(true);
    expect(rows.columns().map((c) => c.name)).toEqual(["id", "name"]);
    expect(rows.raw().all()).toEqual([
      [2, "b"],
      [3, "c"],
    ]);
    expect(prepare(select).bind([3]).raw().all()).toEqual([[3, "c"]]);
    expect(cache.size).toBe(3);
    expect([...cache.keys()]).toContain(insert);
  });

  it("runs a statement without arguments as it is (a transaction's BEGIN and COMMIT)", () => {
    const { prepare } = connection();
    prepare("BEGIN").run();
    prepare("INSERT INTO t (id, name) VALUES (?, ?)").bind([1, "x"]).run();
    prepare("ROLLBACK").run();
    expect(prepare("SELECT count(*) FROM t").bind([]).raw().all()).toEqual([[0]]);
  });

  it("keeps at most `limit` statements, dropping the least recently used", () => {
    const { cache, prepare } = connection(2);
    prepare("SELECT 1").bind([]).raw().all();
    prepare("SELECT 2").bind([]).raw().all();
    prepare("SELECT 1").bind([]).raw().all();
    prepare("SELECT 3").bind([]).raw().all();
    expect([...cache.keys()]).toEqual(["SELECT 1", "SELECT 3"]);
  });

  it("reports SQL errors when the statement is prepared, as before", () => {
    const { cache, prepare } = connection();
    const before = cache.size;
    expect(() => prepare("SELECT nope FROM t")).toThrow(/no such column/);
    expect(cache.size).toBe(before);
  });
});
