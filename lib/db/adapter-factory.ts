/** The Prisma driver adapter factory for a database target (better-sqlite3 or pg). */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { DatabaseTarget } from "./database-url";

export function createAdapterFactory(target: DatabaseTarget) {
  if (target.kind === "sqlite") {
    mkdirSync(path.dirname(target.file), { recursive: true });
    return new PrismaBetterSqlite3({ url: target.url, timeout: 10_000 });
  }
  return new PrismaPg({ connectionString: target.url, max: 10 });
}
