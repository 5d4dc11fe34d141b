/**
 * The built-in memory tool's files, stored per agent in `MemoryFile` rows keyed by
 * (agentId, path). Paths arrive already checked and normalised by the tool (`/memories/…`).
 */
import type { MemoryFileStore } from "../tools/builtin/memory-tool";
import type { Db } from "./client";

export function prismaMemoryFileStore(db: Db, agentId: string): MemoryFileStore {
  return {
    async list(prefix) {
      const rows = await db.memoryFile.findMany({
        where: { agentId, path: { startsWith: prefix } },
        select: { path: true, content: true },
        orderBy: { path: "asc" },
      });
      // SQLite's LIKE ignores ASCII case and `_` may act as a wildcard: keep exact prefix matches only.
      return rows.filter((r) => r.path.startsWith(prefix));
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
