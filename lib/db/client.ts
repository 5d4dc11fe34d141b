/**
 * The Prisma client for the configured database. Both generated clients share one model API
 * (they come from the same schema source), so the rest of the code types against one of them.
 */
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { PrismaClient as PostgresClient } from "./generated/postgresql/client";
import { createAdapterFactory } from "./adapter-factory";
import { resolveDatabaseTarget, type DatabaseTarget } from "./database-url";

export type Db = SqliteClient;

export function createDb(target: DatabaseTarget = resolveDatabaseTarget()): Db {
  const adapter = createAdapterFactory(target);
  if (target.kind === "sqlite") return new SqliteClient({ adapter: adapter as never });
  return new PostgresClient({ adapter: adapter as never }) as unknown as Db;
}

const globalForDb = globalThis as unknown as { __atelierDb?: { db: Db; target: DatabaseTarget } };

/** The process-wide client for DATABASE_URL (created on first use). */
export function getDb(): Db {
  const target = resolveDatabaseTarget();
  const cached = globalForDb.__atelierDb;
  if (cached && cached.target.url === target.url) return cached.db;
  const db = createDb(target);
  globalForDb.__atelierDb = { db, target };
  return db;
}

export function getDatabaseTarget(): DatabaseTarget {
  return resolveDatabaseTarget();
}

/** Drops the cached client (tests switching DATABASE_URL). */
export async function resetDb(): Promise<void> {
  const cached = globalForDb.__atelierDb;
  globalForDb.__atelierDb = undefined;
  await cached?.db.$disconnect();
}
