/**
 * In one process (`ATELIER_ROLE=all`) the in-process queue executes jobs with the shared handler;
 * attached on the first submission, so creating a runtime starts nothing.
 */
import type { RunRuntime } from "../runtime";
import { executeJob } from "./execute-job";
import { InProcessQueue } from "./in-process-queue";

/** Turns one process executes at once; more wait in order. */
const IN_PROCESS_CONCURRENCY = 256;

export function ensureLocalWorker(rt: RunRuntime): void {
  if (rt.queue instanceof InProcessQueue && !rt.queue.working())
    void rt.queue.work((job) => executeJob({ rt }, job), IN_PROCESS_CONCURRENCY);
}
