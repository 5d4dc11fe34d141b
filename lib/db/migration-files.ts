/**
 * The committed migrations on disk (prisma/migrations/<kind>), in the shape the schema engine
 * takes, and which of them a database has applied. No engine here: the app's health route uses it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { MigrationList } from "@prisma/schema-engine-wasm";
import type { DatabaseKind } from "./database-url";
import { migrationsDir } from "./schema-source";

export function listMigrations(kind: DatabaseKind, dir: string = migrationsDir(kind)): MigrationList {
  const lockPath = path.join(dir, "migration_lock.toml");
  const names = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
        .map((d) => d.name)
        .sort()
    : [];
  return {
    baseDir: dir,
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: names.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok" as const, value: readFileSync(path.join(dir, name, "migration.sql"), "utf8") },
      },
    })),
  };
}

export interface MigrationStatus {
  committed: string[];
  applied: string[];
  pending: string[];
}

/** Reads `_prisma_migrations` through a plain query function (the app's Prisma client). */
export async function migrationStatus(
  kind: DatabaseKind,
  queryApplied: () => Promise<string[]>,
): Promise<MigrationStatus> {
  const committed = listMigrations(kind).migrationDirectories.map((d) => d.path);
  let applied: string[] = [];
  try {
    applied = await queryApplied();
  } catch {
    applied = [];
  }
  const done = new Set(applied);
  return { committed, applied, pending: committed.filter((n) => !done.has(n)) };
}
