/**
 * The committed migrations on disk (prisma/migrations/<kind>), in the shape the schema engine
 * takes, and which of them a database has applied. No engine here: the app's health route uses it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { MigrationList } from "@prisma/schema-engine-wasm";
import type { DatabaseKind } from "./database-url";
import { migrationsDir } from "./schema-source";

/** The committed migrations' names, in order. */
function migrationNames(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
        .map((d) => d.name)
        .sort()
    : [];
}

/** Names listed once per process: what is committed does not change while a server runs. */
const committedNames = new Map<string, string[]>();

export function listMigrations(kind: DatabaseKind, dir: string = migrationsDir(kind)): MigrationList {
  const lockPath = path.join(dir, "migration_lock.toml");
  const names = migrationNames(dir);
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

/**
 * Reads `_prisma_migrations` through a plain query function (the app's Prisma client), against the
 * committed names (listed once per process, without reading the SQL).
 */
export async function migrationStatus(
  kind: DatabaseKind,
  queryApplied: () => Promise<string[]>,
): Promise<MigrationStatus> {
  const dir = migrationsDir(kind);
  if (!committedNames.has(dir)) committedNames.set(dir, migrationNames(dir));
  const committed = committedNames.get(dir)!;
  let applied: string[] = [];
  try {
    applied = await queryApplied();
  } catch {
    applied = [];
  }
  const done = new Set(applied);
  return { committed, applied, pending: committed.filter((n) => !done.has(n)) };
}
