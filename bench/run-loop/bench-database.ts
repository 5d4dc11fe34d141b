/** The run-loop benchmark's database: a migrated SQLite file in a temporary directory. */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb, type Db } from "../../lib/db/client";
import { resolveDatabaseTarget } from "../../lib/db/database-url";
import { applyMigrations } from "../../lib/db/migrations";
import { seedStudio } from "../../lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "../../lib/demo/demo-steps";

export async function freshDatabase(): Promise<{ db: Db; dir: string; file: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "atelier-bench-"));
  const file = path.join(dir, "bench.db");
  const target = resolveDatabaseTarget(`file:${file}`);
  await applyMigrations(target);
  return { db: createDb(target), dir, file };
}

let demoSeeded = false;

/** The demo tools and agents (`atlas` with its sandboxed city_population), seeded once. */
export async function seedDemo(db: Db): Promise<void> {
  if (demoSeeded) return;
  await seedStudio(db, DEMO_SEED_STEPS, { demo: true });
  demoSeeded = true;
}
