/**
 * The seam between accepting work and executing it. `all` (SQLite or one PostgreSQL process) uses
 * the in-process queue; `web`/`worker` use pg-boss on PostgreSQL. Either way the handler is the same
 * (take-over-run.ts `deliverJob`).
 */
import type { RunJob } from "./run-job";

export type JobHandler = (job: RunJob) => Promise<void>;

export interface RunQueue {
  /** Durably hands the job over (pg-boss: a row in its job table) and wakes a worker. */
  submit(job: RunJob): Promise<void>;
  /** Starts executing jobs with `concurrency` at once (workers, and `all`). */
  work(handler: JobHandler, concurrency: number): Promise<void>;
  /** Jobs waiting to start. */
  depth(): Promise<number>;
  /** Stops taking jobs; with `graceful`, waits for the running handlers up to `timeoutMs`. */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
}
