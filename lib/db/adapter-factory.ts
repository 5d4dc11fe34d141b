/** The Prisma driver adapter factory for a database target (better-sqlite3 or pg). */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type BetterSqlite3 from "better-sqlite3";
import type { DatabaseTarget } from "./database-url";
import type { SqliteConnectionHolder } from "./sqlite-connection";
import { cacheStatements } from "./statement-cache";

/**
 * SQLite connections run in WAL mode with `synchronous = NORMAL`: readers never wait for the
 * writer, and a commit does not wait for an fsync (a power cut can lose the last commits, never
 * corrupt the file). Without it every event batch paid a full fsync (~10 ms here). Each connection
 * also keeps its prepared statements (statement-cache.ts).
 */
export const SQLITE_PRAGMAS = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;";

function tunedSqlite(
  inner: PrismaBetterSqlite3,
  holder?: SqliteConnectionHolder,
): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    async connect() {
      const adapter = await inner.connect();
      await adapter.executeScript(SQLITE_PRAGMAS);
      // The adapter keeps its better-sqlite3 connection as `client` (statement-cache.ts).
      const connection = (adapter as unknown as { client: BetterSqlite3.Database }).client;
      cacheStatements(connection);
      if (holder) holder.connection = connection;
      return adapter;
    },
    connectToShadowDb: () => inner.connectToShadowDb(),
  };
}

/** On SQLite, `holder` receives the connection when Prisma opens it (sqlite-connection.ts). */
export function createAdapterFactory(target: DatabaseTarget, holder?: SqliteConnectionHolder) {
  if (target.kind === "sqlite") {
    mkdirSync(path.dirname(target.file), { recursive: true });
    return tunedSqlite(new PrismaBetterSqlite3({ url: target.url, timeout: 10_000 }), holder);
  }
  return new PrismaPg({ connectionString: target.url, max: 10 });
}
