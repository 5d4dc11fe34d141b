/**
 * A workspace's files in `WorkspaceFile` rows: append-only versions per path, the newest row of a
 * path being the file. Each write records the conversation of the call that wrote it and that
 * conversation's last committed event seq when it ran — the call's place in the log (its
 * ToolCallEvent, or the approval decision for a call run once approved) — so the workspace as it
 * was at any seq is the newest row per path among the rows with `seq <= atSeq`
 * (`workspaceFilesAt`), which is what a fork copies.
 *
 * Versions of one path are ordered by `createdAt`, kept strictly increasing per path on write.
 */
import type { Db } from "../db/client";
import { utf8Length } from "../tools/storage-quota";
import type { WorkspaceFileInfo, WorkspaceFileStore, WorkspaceRef } from "./workspace-file-store";

const LISTED = { path: true, size: true, createdAt: true, id: true, seq: true } as const;

type Row = { path: string; size: number; createdAt: Date; id: string; seq: number | null };

function newestPerPath(rows: readonly Row[]): Row[] {
  const files = new Map<string, Row>();
  for (const r of rows) files.set(r.path, r);
  return [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const info = (r: Row): WorkspaceFileInfo => ({ path: r.path, size: r.size, modifiedAt: r.createdAt });

async function rows(db: Db, ref: WorkspaceRef, atSeq?: number): Promise<Row[]> {
  return db.workspaceFile.findMany({
    where: { scope: ref.scope, scopeId: ref.scopeId, ...(atSeq !== undefined ? { seq: { lte: atSeq } } : {}) },
    select: LISTED,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** The workspace's files (newest version per path), as they are now or as they were at `atSeq`. */
export async function workspaceFilesAt(db: Db, ref: WorkspaceRef, atSeq?: number): Promise<WorkspaceFileInfo[]> {
  return newestPerPath(await rows(db, ref, atSeq)).map(info);
}

/** One file's newest content (as it was at `atSeq` when given), or null. */
export async function readWorkspaceFile(db: Db, ref: WorkspaceRef, path: string, atSeq?: number) {
  const row = await db.workspaceFile.findFirst({
    where: { scope: ref.scope, scopeId: ref.scopeId, path, ...(atSeq !== undefined ? { seq: { lte: atSeq } } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { path: true, size: true, createdAt: true, content: true },
  });
  return row ? { path: row.path, size: row.size, modifiedAt: row.createdAt, content: row.content } : null;
}

/** The store a run's workspace tools write through: `conversationId` is the run's conversation. */
export function prismaWorkspaceFileStore(db: Db, ref: WorkspaceRef, conversationId: string): WorkspaceFileStore {
  return {
    list: () => workspaceFilesAt(db, ref),
    read: (path) => readWorkspaceFile(db, ref, path),
    async write(path, content) {
      const [last, previous] = await Promise.all([
        db.event.findFirst({ where: { conversationId }, orderBy: { seq: "desc" }, select: { seq: true } }),
        db.workspaceFile.findFirst({
          where: { scope: ref.scope, scopeId: ref.scopeId, path },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          select: { createdAt: true },
        }),
      ]);
      const createdAt = new Date(Math.max(Date.now(), (previous?.createdAt.getTime() ?? 0) + 1));
      const size = utf8Length(content);
      await db.workspaceFile.create({
        data: { ...ref, path, content, size, conversationId, seq: last?.seq ?? 0, createdAt },
      });
      return { path, size, modifiedAt: createdAt };
    },
  };
}

/**
 * A fork's copy of a conversation-scope workspace as it was at `atSeq`: every version written up
 * to then (their seqs kept, which the fork's copied log shares), now the fork's own.
 */
export async function copyConversationWorkspace(
  db: Db,
  fromConversationId: string,
  toConversationId: string,
  atSeq: number,
): Promise<number> {
  const versions = await db.workspaceFile.findMany({
    where: { scope: "conversation", scopeId: fromConversationId, seq: { lte: atSeq } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (versions.length === 0) return 0;
  const { count } = await db.workspaceFile.createMany({
    data: versions.map(({ path, content, size, seq, createdAt }) => ({
      scope: "conversation",
      scopeId: toConversationId,
      path,
      content,
      size,
      conversationId: toConversationId,
      seq,
      createdAt,
    })),
  });
  return count;
}
