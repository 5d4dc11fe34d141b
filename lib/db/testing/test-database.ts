/**
 * A fresh, migrated database for one integration test file: a temporary SQLite file, or — when
 * ATELIER_TEST_PG_URL names a PostgreSQL server (the test runner starts a throwaway one) — a new
 * database on that server. DATABASE_URL points at it while the file runs, so route handlers
 * under test use it through `server().db`.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, type Db } from "../client";
import { resolveDatabaseTarget, type DatabaseTarget } from "../database-url";
import { applyMigrations } from "../migrations";

export interface TestDatabase {
  target: DatabaseTarget;
  db: Db;
  cleanup(): Promise<void>;
}

/** `migrateUpTo`: migrated only up to that migration (to test the next one on data written before it). */
export async function createTestDatabase(options: { migrateUpTo?: string } = {}): Promise<TestDatabase> {
  const pgServer = process.env.ATELIER_TEST_PG_URL;
  let url: string;
  let drop: () => Promise<void>;
  if (pgServer) {
    const name = `atelier_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: pgServer });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const u = new URL(pgServer);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: pgServer });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), "atelier-test-"));
    url = `file:${path.join(dir, "test.db")}`;
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  const target = resolveDatabaseTarget(url);
  await applyMigrations(target, { upTo: options.migrateUpTo });
  const previous = process.env.DATABASE_URL;
  // The process's server (lib/server/server.ts) follows DATABASE_URL: routes under test use this database.
  process.env.DATABASE_URL = url;
  const db = createDb(target);
  return {
    target,
    db,
    async cleanup() {
      await db.$disconnect();
      if (previous === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previous;
      await drop();
    },
  };
}
