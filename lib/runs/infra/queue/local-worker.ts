/**
 * In one process (`ATELIER_ROLE=all`) the in-process queue's jobs are delivered to the same
 * handler a queue worker uses (take-over-run.ts `deliverJob`), with this process as the lease
 * holder; attached on the first submission, so creating a runtime starts nothing. In queue mode
 * the queue is pg-boss and workers attach their own handler (queue-mode.ts).
 * The mark lives on the runtime (one per process, held by lib/server), not in module state: Next.js
 * bundles route handlers separately, so module state can exist twice.
 */
import type { RunRuntime } from "../runtime";
import { deliverJob } from "./take-over-run";

/** Turns one process executes at once at most; beyond 8, only while the loop has room (loop-admission.ts). */
const IN_PROCESS_CONCURRENCY = 256;

export function ensureLocalWorker(rt: RunRuntime): void {
  if (rt.queueMode || rt.localWorker) return;
  rt.localWorker = true;
  void rt.queue.work((job) => deliverJob({ rt, lease: rt.executor }, job), IN_PROCESS_CONCURRENCY);
}
