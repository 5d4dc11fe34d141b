/**
 * Generates both Prisma clients from the one schema source: lib/db/generated/sqlite and
 * lib/db/generated/postgresql. `prisma generate` never runs the schema engine, but Prisma 7's CLI
 * looks for the native binary first; PRISMA_SCHEMA_ENGINE_BINARY naming any existing file stops it
 * from trying to download one (no binary host is reachable here).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { schemaFor, SCHEMA_PATH } from "../lib/db/schema-source";

const pgSchema = path.resolve("prisma/.generated/schema.postgresql.prisma");
mkdirSync(path.dirname(pgSchema), { recursive: true });
writeFileSync(pgSchema, schemaFor("postgresql", readFileSync(SCHEMA_PATH, "utf8")));

const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};
const prismaCli = path.resolve("node_modules/prisma/build/index.js");
for (const schema of [SCHEMA_PATH, pgSchema]) {
  execFileSync(process.execPath, [prismaCli, "generate", "--schema", schema], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
}
console.log("prisma: generated the sqlite and postgresql clients");
