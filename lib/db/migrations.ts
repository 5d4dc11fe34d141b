/**
 * The migration runner: applies the committed migrations (prisma/migrations/<kind>) through the
 * WebAssembly schema engine, keeping Prisma's `_prisma_migrations` table; reports which are
 * pending; and writes the next migration from the schema for both databases.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { DiffParams, MigrationList } from "@prisma/schema-engine-wasm";
import { createAdapterFactory } from "./adapter-factory";
import type { DatabaseKind, DatabaseTarget } from "./database-url";
import { openSchemaEngine } from "./schema-engine";
import { migrationsDir, PRISMA_DIR, readSchema, SCHEMA_PATH, schemaFor } from "./schema-source";

const NO_FILTER = { externalTables: [], externalEnums: [] };

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

/**
 * Runs `fn` on a schema engine for the target and closes every connection the engine opened
 * (engine.free() leaves the adapter's connections open, and a lingering SQLite connection would
 * keep the database locked for the next engine).
 */
async function withEngine<T>(target: DatabaseTarget, fn: (engine: Awaited<ReturnType<typeof openSchemaEngine>>) => Promise<T>): Promise<T> {
  const factory = createAdapterFactory(target);
  const opened: Array<{ dispose(): Promise<void> }> = [];
  const tracking: SqlMigrationAwareDriverAdapterFactory = {
    adapterName: factory.adapterName,
    provider: factory.provider,
    async connect() {
      const adapter = await factory.connect();
      opened.push(adapter);
      return adapter;
    },
    async connectToShadowDb() {
      const adapter = await factory.connectToShadowDb();
      opened.push(adapter);
      return adapter;
    },
  };
  const engine = await openSchemaEngine(tracking, readSchema(target.kind));
  try {
    return await fn(engine);
  } finally {
    engine.free();
    await Promise.allSettled(opened.map((a) => a.dispose()));
  }
}

export interface MigrateResult {
  applied: string[];
  total: number;
}

/** Applies every committed migration not yet applied. A database that is up to date gets nothing. */
export async function applyMigrations(target: DatabaseTarget): Promise<MigrateResult> {
  const list = listMigrations(target.kind);
  const out = await withEngine(target, (engine) =>
    engine.applyMigrations({ migrationsList: list, filters: NO_FILTER }),
  );
  return { applied: out.appliedMigrationNames, total: list.migrationDirectories.length };
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

export interface CreatedMigration {
  kind: DatabaseKind;
  name: string | null;
  file: string | null;
}

/** The schema (as written in prisma/schema.prisma) that the committed migrations of a kind add up to. */
export function headSchemaPath(kind: DatabaseKind): string {
  return path.join(migrationsDir(kind), "schema-at-head.prisma");
}

/**
 * Writes the next migration for one database kind, a diff of the schema against the migration
 * history. `scratch` must be an empty database (a temporary SQLite file; a temporary database on
 * the PostgreSQL server).
 *
 * - SQLite: the history is applied to the scratch database and the engine diffs that live
 *   database against the schema.
 * - PostgreSQL: the WebAssembly engine cannot describe a live PostgreSQL database through the pg
 *   adapter (it fails on the catalogue's `"char"` columns), so the history's end state is the
 *   schema snapshot `schema-at-head.prisma` written beside the migrations with each migration;
 *   the engine diffs that datamodel against the schema.
 *
 * Returns name null when the schema has no change.
 */
export async function createMigration(scratch: DatabaseTarget, migrationName: string, now: Date = new Date()): Promise<CreatedMigration> {
  const dir = migrationsDir(scratch.kind);
  mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "migration_lock.toml");
  if (!existsSync(lockPath)) {
    writeFileSync(
      lockPath,
      `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${scratch.kind}"\n`,
    );
  }
  const list = listMigrations(scratch.kind, dir);
  const schema = readSchema(scratch.kind);
  const headPath = headSchemaPath(scratch.kind);
  const script = await withEngine(scratch, async (engine) => {
    let from: DiffParams["from"];
    if (scratch.kind === "sqlite") {
      await engine.applyMigrations({ migrationsList: list, filters: NO_FILTER });
      from = { tag: "schemaDatasource", files: [schema], configDir: PRISMA_DIR };
    } else if (list.migrationDirectories.length === 0) {
      from = { tag: "empty" };
    } else {
      if (!existsSync(headPath)) throw new Error(`${headPath} is missing: cannot tell what the PostgreSQL migrations add up to`);
      from = { tag: "schemaDatamodel", files: [{ path: headPath, content: schemaFor("postgresql", readFileSync(headPath, "utf8")) }] };
    }
    const out = await engine.diff({
      from,
      to: { tag: "schemaDatamodel", files: [schema] },
      script: true,
      exitCode: null,
      filters: NO_FILTER,
    });
    return out.stdout ?? "";
  });
  if (isEmptyMigration(script)) return { kind: scratch.kind, name: null, file: null };
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  const name = `${stamp}_${migrationName}`;
  const folder = path.join(dir, name);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, "migration.sql");
  writeFileSync(file, script.endsWith("\n") ? script : `${script}\n`);
  writeFileSync(headPath, readFileSync(SCHEMA_PATH, "utf8"));
  return { kind: scratch.kind, name, file };
}

/** A diff script with no statement (only comments and blank lines). */
export function isEmptyMigration(script: string): boolean {
  return script
    .split("\n")
    .map((l) => l.trim())
    .every((l) => l === "" || l.startsWith("--"));
}
