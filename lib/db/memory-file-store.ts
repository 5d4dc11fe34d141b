/**
 * The built-in memory tool's files, stored per agent in `MemoryFile` rows keyed by
 * (agentId, path). Paths arrive already checked and normalised by the tool (`/memories/…`).
 *
 * Listings and usage are computed by the database (`octet_length`, in SQLite since 3.43 and in
 * PostgreSQL): a directory view or a quota check reads paths and sizes, never the contents.
 */
import type { MemoryFileStore } from "../tools/builtin/memory-tool";
import type { Db } from "./client";

export function prismaMemoryFileStore(db: Db, agentId: string): MemoryFileStore {
  return {
    async list(prefix) {
      // An exact prefix match (no LIKE: SQLite's ignores ASCII case, and `_` and `%` are wildcards).
      const rows = await db.$queryRaw<Array<{ path: string; size: number | bigint }>>`
        SELECT "path", octet_length("content") AS "size" FROM "MemoryFile"
        WHERE "agentId" = ${agentId}
          AND substr("path", 1, length(CAST(${prefix} AS TEXT))) = CAST(${prefix} AS TEXT)
        ORDER BY "path"`;
      return rows.filter((r) => r.path.startsWith(prefix)).map((r) => ({ path: r.path, size: Number(r.size) }));
    },
    async usage() {
      const [row] = await db.$queryRaw<Array<{ files: number | bigint; bytes: number | bigint | string | null }>>`
        SELECT COUNT(*) AS "files", SUM(octet_length("content")) AS "bytes" FROM "MemoryFile"
        WHERE "agentId" = ${agentId}`;
      return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
    },
    async read(path) {
      const row = await db.memoryFile.findUnique({
        where: { agentId_path: { agentId, path } },
        select: { content: true },
      });
      return row?.content ?? null;
    },
    async write(path, content) {
      await db.memoryFile.upsert({
        where: { agentId_path: { agentId, path } },
        create: { agentId, path, content },
        update: { content },
      });
    },
    async remove(path) {
      const { count } = await db.memoryFile.deleteMany({ where: { agentId, path } });
      return count > 0;
    },
    async rename(from, to) {
      await db.memoryFile.update({ where: { agentId_path: { agentId, path: from } }, data: { path: to } });
    },
  };
}
