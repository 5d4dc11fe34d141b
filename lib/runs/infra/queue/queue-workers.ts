/**
 * The worker processes alive in queue mode: each registers a `QueueWorker` row at start, renews its
 * `seenAt`, and removes it on shutdown. Health, the `all`-mode start-up recovery and the benchmark
 * count the live ones.
 */
import os from "node:os";
import type { Db } from "../../../db/client";

/** A worker not seen for this long is not counted as live. */
export const WORKER_STALE_MS = 30_000;

export async function registerWorker(db: Db, id: string, concurrency: number): Promise<void> {
  await db.queueWorker.upsert({
    where: { id },
    create: { id, host: os.hostname(), pid: process.pid, concurrency },
    update: { seenAt: new Date() },
  });
}

export async function markWorkerSeen(db: Db, id: string): Promise<void> {
  await db.queueWorker.update({ where: { id }, data: { seenAt: new Date() } });
}

export async function removeWorker(db: Db, id: string): Promise<void> {
  await db.queueWorker.deleteMany({ where: { id } });
}

export function countLiveWorkers(db: Db): Promise<number> {
  return db.queueWorker.count({ where: { seenAt: { gte: new Date(Date.now() - WORKER_STALE_MS) } } });
}
