/**
 * In one process (`ATELIER_ROLE=all`) the in-process queue executes jobs with the shared handler;
 * attached on the first submission, so creating a runtime starts nothing.
 * The mark lives on the runtime (one per process, held by lib/server), not in module state: Next.js
 * bundles route handlers separately, so module state can exist twice.
 */
import type { RunRuntime } from "../runtime";
import { executeJob } from "./execute-job";

/** Turns one process executes at once; more wait in order. */
const IN_PROCESS_CONCURRENCY = 256;

export function ensureLocalWorker(rt: RunRuntime): void {
  if (rt.queueMode || rt.localWorker) return;
  rt.localWorker = true;
  void rt.queue.work((job) => executeJob({ rt }, job), IN_PROCESS_CONCURRENCY);
}
