/**
 * The better-sqlite3 connection behind a Prisma client on SQLite, for the one hot write that runs
 * beside Prisma instead of through it: the event writer's batch (lib/events/event-writer.ts).
 * Through Prisma a batch of three or four raw statements in `$transaction` cost about 250–380 µs
 * of main-thread CPU besides SQLite's own work; run synchronously on the connection, its
 * statements and commit cost SQLite's work alone (docs/run-path-performance.md).
 *
 * Safe beside Prisma because it is synchronous: nothing else runs on the connection between its
 * BEGIN and COMMIT. It runs only when the connection has no transaction open — Prisma's
 * interactive and batch transactions leave one open across awaits — and the caller takes Prisma's
 * path then.
 */
import type BetterSqlite3 from "better-sqlite3";

/** Filled when Prisma connects (adapter-factory.ts); null until then. */
export interface SqliteConnectionHolder {
  connection: BetterSqlite3.Database | null;
}

const holders = new WeakMap<object, SqliteConnectionHolder>();

export function registerSqliteConnection(db: object, holder: SqliteConnectionHolder): void {
  holders.set(db, holder);
}

/**
 * Runs `statements` in one transaction on the connection and answers true, or answers false and
 * runs nothing: no SQLite connection behind `db` (PostgreSQL, an extended client), not connected
 * yet, or a transaction open on it. A failing statement rolls the transaction back and throws
 * better-sqlite3's error (its message names the constraint, e.g. "UNIQUE constraint failed").
 */
export function runSqliteTransaction(db: object, statements: ReadonlyArray<[string, unknown[]]>): boolean {
  const connection = holders.get(db)?.connection;
  if (!connection?.open || connection.inTransaction) return false;
  connection.transaction(() => {
    // `prepare` answers the connection's cached statement (statement-cache.ts), bound per call.
    for (const [sql, params] of statements) connection.prepare(sql).bind(params).run();
  })();
  return true;
}
