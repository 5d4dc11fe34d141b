/**
 * In one process (`ATELIER_ROLE=all`) the in-process queue executes jobs with the shared handler;
 * attached on the first submission, so creating a runtime starts nothing.
 *
 * The mark lives on the runtime (one object on globalThis), not in module state or an `instanceof`
 * check: Next.js bundles route handlers separately, so classes and module state can exist twice.
 */
import type { RunRuntime } from "../runtime";
import { executeJob } from "./execute-job";

/** Turns one process executes at once; more wait in order. */
const IN_PROCESS_CONCURRENCY = 256;

const ATTACHED = Symbol.for("atelier.localWorker");

export function ensureLocalWorker(rt: RunRuntime): void {
  const marked = rt as RunRuntime & { [ATTACHED]?: true };
  if (rt.queueMode || marked[ATTACHED]) return;
  marked[ATTACHED] = true;
  void rt.queue.work((job) => executeJob({ rt }, job), IN_PROCESS_CONCURRENCY);
}
