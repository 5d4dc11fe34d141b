/**
 * The Prisma client for the configured database. Both generated clients share one model API
 * (they come from the same schema source), so the rest of the code types against one of them.
 * The process's client is built and held by the composition root (lib/server/server.ts).
 */
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { PrismaClient as PostgresClient } from "./generated/postgresql/client";
import { createAdapterFactory } from "./adapter-factory";
import { resolveDatabaseTarget, type DatabaseTarget } from "./database-url";
import { registerSqliteConnection, type SqliteConnectionHolder } from "./sqlite-connection";

export type Db = SqliteClient;

export function createDb(target: DatabaseTarget = resolveDatabaseTarget()): Db {
  if (target.kind === "sqlite") {
    const holder: SqliteConnectionHolder = { connection: null };
    const db = new SqliteClient({ adapter: createAdapterFactory(target, holder) as never });
    registerSqliteConnection(db, holder);
    return db;
  }
  const adapter = createAdapterFactory(target);
  return new PostgresClient({ adapter: adapter as never }) as unknown as Db;
}

/** The database DATABASE_URL names. */
export function getDatabaseTarget(): DatabaseTarget {
  return resolveDatabaseTarget();
}
