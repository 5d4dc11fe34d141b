/**
 * The rows accepting a turn reads and writes (use-cases/start-turn.ts): the conversation, its open
 * run, and the title its first message sets. Raw statements in both dialects' common SQL: every
 * message sent reads them, and a model query through Prisma costs three to five times the raw
 * statement's main-thread CPU (docs/run-path-performance.md).
 */
import type { Db } from "../../../db/client";

/** A conversation that is not deleted, as accepting a turn needs it. */
export interface AdmittableConversation {
  id: string;
  agentId: string;
  title: string | null;
  lastSeq: number;
  modelKey: string | null;
  agentVersion: number;
}

/** The conversation, or null when there is none or it was deleted. */
export async function readAdmittableConversation(db: Db, id: string): Promise<AdmittableConversation | null> {
  const rows = await db.$queryRaw<AdmittableConversation[]>`
    SELECT "id", "agentId", "title", "lastSeq", "modelKey", "agentVersion" FROM "Conversation"
    WHERE "id" = ${id} AND "deletedAt" IS NULL`;
  const row = rows[0];
  return row ? { ...row, lastSeq: Number(row.lastSeq), agentVersion: Number(row.agentVersion) } : null;
}

/** The conversation's latest run still open (running, or suspended on approvals), if any. */
export async function readOpenRun(
  db: Db,
  conversationId: string,
): Promise<{ id: string; status: "running" | "suspended" } | null> {
  const rows = await db.$queryRaw<Array<{ id: string; status: "running" | "suspended" }>>`
    SELECT "id", "status" FROM "Run"
    WHERE "conversationId" = ${conversationId} AND "status" IN ('running', 'suspended')
    ORDER BY "startedAt" DESC LIMIT 1`;
  return rows[0] ?? null;
}

/** Names a conversation after its first message (kept when it has a title already). */
export async function setTitleOnce(db: Db, conversationId: string, title: string): Promise<void> {
  await db.$executeRaw`
    UPDATE "Conversation" SET "title" = ${title}, "updatedAt" = ${new Date()}
    WHERE "id" = ${conversationId} AND "title" IS NULL`;
}
