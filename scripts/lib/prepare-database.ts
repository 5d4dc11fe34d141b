/**
 * Readies the configured database for the studio: applies pending migrations, seeds the
 * workspace (and the demo, unless ATELIER_DEMO=0) and re-seals under the current key any secret an
 * older version sealed (lib/auth/rotate-secret-key.ts). Any failure becomes one line naming the
 * variable (DATABASE_URL, ATELIER_SECRET) and the reason.
 */
import { resealStaleSecrets } from "../../lib/auth/rotate-secret-key";
import { createDb } from "../../lib/db/client";
import {
  DatabaseUrlError,
  describeTarget,
  resolveDatabaseTarget,
  type DatabaseTarget,
} from "../../lib/db/database-url";
import { applyMigrations } from "../../lib/db/migrations";
import { DEMO_SEED_STEPS } from "../../lib/demo/demo-steps";
import { seedStudio } from "../../lib/db/seed-demo";
import { STALE_RESEALERS } from "./secret-resealers";

export class StartupError extends Error {
  override name = "StartupError";
}

function firstLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return (
    text
      .split("\n")
      .map((l) => l.trim())
      .find((l) => l && !l.startsWith("0:") && !l.startsWith("at ")) ?? "unknown error"
  ).replace(/^Error in the underlying connector \(WASM_ERROR\): /, "");
}

export async function prepareDatabase(log: (line: string) => void = console.log): Promise<DatabaseTarget> {
  let target: DatabaseTarget;
  try {
    target = resolveDatabaseTarget();
  } catch (e) {
    if (DatabaseUrlError.is(e)) throw new StartupError(e.message);
    throw e;
  }
  let result;
  try {
    result = await applyMigrations(target);
  } catch (e) {
    throw new StartupError(`DATABASE_URL: cannot migrate ${describeTarget(target)}: ${firstLine(e)}`);
  }
  log(
    result.applied.length
      ? `atelier: ${describeTarget(target)} — applied ${result.applied.length} migration(s): ${result.applied.join(", ")}`
      : `atelier: ${describeTarget(target)} — migrations up to date (${result.total})`,
  );
  const db = createDb(target);
  try {
    const seeded = await seedStudio(db, DEMO_SEED_STEPS);
    log(
      seeded.applied.length
        ? `atelier: seeded ${seeded.applied.join(", ")}`
        : `atelier: nothing to seed${seeded.demo ? "" : " (ATELIER_DEMO=0)"}`,
    );
  } catch (e) {
    await db.$disconnect();
    throw new StartupError(`DATABASE_URL: cannot seed ${describeTarget(target)}: ${firstLine(e)}`);
  }
  try {
    // Secrets an older version sealed (e.g. under SHA-256 of a passphrase ATELIER_SECRET) are sealed again.
    const resealed = await resealStaleSecrets(db, STALE_RESEALERS);
    if (resealed > 0) log(`atelier: re-sealed ${resealed} secret(s) saved by an older version under the current key`);
  } catch (e) {
    throw new StartupError(`ATELIER_SECRET: cannot re-seal the saved secrets: ${firstLine(e)}`);
  } finally {
    await db.$disconnect();
  }
  return target;
}

/** For the command-line entry points: a StartupError is printed as its one line and exits 1. */
export async function prepareDatabaseOrExit(): Promise<DatabaseTarget> {
  try {
    return await prepareDatabase();
  } catch (e) {
    if (e instanceof StartupError) {
      console.error(`atelier: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
}
