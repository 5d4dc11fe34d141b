/**
 * The claim on a conversation, as a `RunLease` row, in every role: inserted by the process that
 * accepts a message or a decision (a second claim on the same conversation fails: RunInProgress,
 * whatever process it reaches), owned by the process executing the job (this one in `all`, a worker
 * in queue mode), renewed while it runs, deleted when the job settles. In queue mode a lease whose
 * owner stopped renewing lapses and another worker takes it over; in `all` a restart releases what
 * the stopped process left (recover-at-start.ts).
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../../db/client";
import type { RunJob } from "./run-job";

/** A process as the holder of leases: its owner id, the lease length, and whom to tell a claim settled. */
export interface LeaseHolder {
  owner: string;
  leaseMs: number;
  onSettled: (token: string, conversationId: string) => Promise<void>;
}

export interface LeaseRow {
  conversationId: string;
  token: string;
  kind: string;
  payload: string;
  owner: string | null;
  leaseUntil: Date | null;
  createdAt: Date;
}

export function newLeaseToken(): string {
  return randomUUID();
}

const prismaCode = (err: unknown) =>
  typeof err === "object" && err !== null ? (err as { code?: string }).code : undefined;
const isUniqueViolation = (err: unknown) => prismaCode(err) === "P2002";

/**
 * Inserts the claim, queued (no owner yet); false when the conversation already has one. One raw
 * statement (`ON CONFLICT DO NOTHING`, both dialects): every turn, resume and replay starts here,
 * and a model query through Prisma costs several times the raw statement's CPU
 * (docs/run-path-performance.md).
 */
export async function claimLease(db: Db, job: RunJob): Promise<boolean> {
  const inserted = await db.$executeRaw`
    INSERT INTO "RunLease" ("conversationId", "token", "kind", "payload", "createdAt")
    VALUES (${job.conversationId}, ${job.token}, ${job.kind}, ${JSON.stringify(job)}, ${new Date()})
    ON CONFLICT DO NOTHING`;
  return inserted === 1;
}

/**
 * Claims the conversation for work the claiming process does itself, outside the queue (a manual
 * compaction): owned at once. Its payload is no job, so a takeover of it after its owner stopped
 * just releases it. False when the conversation is claimed already.
 */
export async function claimHold(
  db: Db,
  conversationId: string,
  token: string,
  owner: string,
  leaseMs: number,
): Promise<boolean> {
  try {
    await db.runLease.create({
      data: {
        conversationId,
        token,
        kind: "hold",
        payload: JSON.stringify({ kind: "hold", conversationId, token }),
        owner,
        leaseUntil: new Date(Date.now() + leaseMs),
      },
    });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/**
 * Claims a process that stopped left behind in one process (`all`), where no other process takes
 * them over: created before this process's runtime, they can be no work of its own.
 */
export async function releaseStaleLeases(db: Db, before: Date): Promise<number> {
  const { count } = await db.runLease.deleteMany({ where: { createdAt: { lt: before } } });
  return count;
}

/**
 * What a refused second claim names (RunInProgress): the conversation's running run, or "queued"
 * while the claimed job has not started one yet.
 */
export async function claimedRunId(db: Db, conversationId: string): Promise<string> {
  const running = await db.run.findFirst({
    where: { conversationId, status: "running" },
    orderBy: { startedAt: "desc" },
    select: { id: true },
  });
  return running?.id ?? "queued";
}

/** Becomes the claim's owner when it is queued or its lease lapsed; false when someone else holds it or it is gone. */
export async function acquireLease(db: Db, token: string, owner: string, leaseMs: number): Promise<boolean> {
  const now = new Date();
  const { count } = await db.runLease.updateMany({
    where: { token, OR: [{ owner: null }, { leaseUntil: { lt: now } }] },
    data: { owner, leaseUntil: new Date(now.getTime() + leaseMs) },
  });
  return count === 1;
}

/**
 * Becomes the owner of a claim nobody has started yet, in one statement that answers the claim:
 * its payload is what runs. Null when the claim is gone (settled) or some process owns it.
 */
export async function startQueuedLease(
  db: Db,
  token: string,
  owner: string,
  leaseMs: number,
): Promise<LeaseRow | null> {
  const rows = await db.$queryRaw<LeaseRow[]>`
    UPDATE "RunLease" SET "owner" = ${owner}, "leaseUntil" = ${new Date(Date.now() + leaseMs)}
    WHERE "token" = ${token} AND "owner" IS NULL
    RETURNING "conversationId", "token", "kind", "payload", "owner", "leaseUntil", "createdAt"`;
  return rows[0] ?? null;
}

/** Extends the lease; false when this owner no longer holds it (taken over, or released). */
export async function renewLease(db: Db, token: string, owner: string, leaseMs: number): Promise<boolean> {
  const { count } = await db.runLease.updateMany({
    where: { token, owner },
    data: { leaseUntil: new Date(Date.now() + leaseMs) },
  });
  return count === 1;
}

/** The owner of a handed-back lease: nobody renews it, and the next sweep takes it over. */
export const HANDED_BACK = "handed-back";

/**
 * Gives the claim back (graceful shutdown): it lapses `delayMs` from now, when another worker's sweep
 * takes it over. The process handing back exits right after, well within the delay, so nothing it
 * was still doing can write after the taker starts.
 */
export async function handBackLease(db: Db, token: string, owner: string, delayMs = 1000): Promise<void> {
  await db.runLease.updateMany({
    where: { token, owner },
    data: { owner: HANDED_BACK, leaseUntil: new Date(Date.now() + delayMs) },
  });
}

export async function releaseLease(db: Db, token: string): Promise<void> {
  await db.$executeRaw`DELETE FROM "RunLease" WHERE "token" = ${token}`;
}

/** Owned leases whose owner stopped renewing, and queued claims no job will ever start (older than `orphanMs`). */
export async function lapsedLeases(db: Db, orphanMs: number): Promise<LeaseRow[]> {
  const now = new Date();
  return db.runLease.findMany({
    where: {
      OR: [
        { owner: { not: null }, leaseUntil: { lt: now } },
        { owner: null, createdAt: { lt: new Date(now.getTime() - orphanMs) } },
      ],
    },
    orderBy: { createdAt: "asc" },
    take: 20,
  });
}
