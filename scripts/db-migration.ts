/**
 * `npm run db:migration -- NAME`: writes the next migration from prisma/schema.prisma for SQLite
 * and PostgreSQL (a diff of the schema against each migration history, replayed on a shadow
 * database). PostgreSQL needs a server: DATABASE_URL when it is postgresql://, else a throwaway
 * cluster when PostgreSQL's binaries are on the PATH.
 */
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { resolveDatabaseTarget } from "../lib/db/database-url";
import { createMigration } from "../lib/db/migrations";
import { postgresAvailable, startThrowawayPostgres } from "./lib/throwaway-postgres";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/i.test(name)) {
  console.error("usage: npm run db:migration -- NAME   (letters, digits and _ only)");
  process.exit(2);
}

const now = new Date();
const sqliteFile = path.join(os.tmpdir(), `atelier-migration-${process.pid}.db`);
const sqlite = await createMigration(resolveDatabaseTarget(`file:${sqliteFile}`), name, now);
rmSync(sqliteFile, { force: true });
console.log(sqlite.name ? `sqlite: wrote ${path.relative(process.cwd(), sqlite.file!)}` : "sqlite: no schema change");

const envTarget = process.env.DATABASE_URL ? resolveDatabaseTarget() : null;
if (envTarget?.kind === "postgresql") {
  const pg = await createMigration(envTarget, name, now);
  console.log(pg.name ? `postgresql: wrote ${path.relative(process.cwd(), pg.file!)}` : "postgresql: no schema change");
} else if (postgresAvailable()) {
  const server = await startThrowawayPostgres();
  try {
    const pg = await createMigration(resolveDatabaseTarget(server.createDatabase("atelier_migration")), name, now);
    console.log(
      pg.name ? `postgresql: wrote ${path.relative(process.cwd(), pg.file!)}` : "postgresql: no schema change",
    );
  } finally {
    server.stop();
  }
} else {
  console.error("postgresql: skipped — set DATABASE_URL=postgresql://… or put PostgreSQL's binaries on the PATH");
  process.exitCode = 1;
}
