/**
 * The run queue on PostgreSQL, through pg-boss (its own schema, `pgboss`): a submitted job is a row
 * of pg-boss's job table, so it survives the web process that accepted it; workers poll for jobs and
 * are woken at once by the fan-out's `atelier_jobs` notification. Retries, back-off and expiry are
 * pg-boss's, configured here, not re-implemented.
 */
import type { Logger } from "../../../logger";
import PgBoss from "pg-boss";
import { RUN_QUEUE, RunJob } from "./run-job";
import type { JobHandler, RunQueue } from "./run-queue";

export interface PgBossQueueOptions {
  connectionString: string;
  /** Attempts after a handler failure (the handler records a run's own failures; this covers crashes). */
  retries: number;
  /** Polling when no wake-up arrives (seconds; pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Called after a job is stored (the fan-out wakes idle workers). */
  onSubmitted?: () => void;
  /** pg-boss maintenance (expiry, retention) — on in workers, off in web processes. */
  supervise: boolean;
  logger: Logger;
}

export class PgBossQueue implements RunQueue {
  private readonly boss: PgBoss;
  private readonly workIds: string[] = [];
  private started: Promise<void> | null = null;

  constructor(private readonly options: PgBossQueueOptions) {
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: "pgboss",
      application_name: "atelier-queue",
      max: 4,
      supervise: options.supervise,
      schedule: false,
      migrate: true,
    });
    this.boss.on("error", (err) => options.logger.error({ err }, "job queue error"));
  }

  start(): Promise<void> {
    return (this.started ??= (async () => {
      await this.boss.start();
      const existing = await this.boss.getQueue(RUN_QUEUE);
      if (!existing)
        await this.boss
          .createQueue(RUN_QUEUE, {
            name: RUN_QUEUE,
            retryLimit: this.options.retries,
            retryDelay: 1,
            retryBackoff: true,
            // A run's own lease (run-lease.ts) detects a dead worker much sooner; this is the backstop.
            expireInSeconds: 60 * 60,
          })
          .catch((err) => {
            // Two processes creating the queue at once: the other one won.
            if (!/already exists|duplicate/i.test(String(err?.message))) throw err;
          });
    })());
  }

  async submit(job: RunJob): Promise<void> {
    await this.start();
    await this.boss.send(RUN_QUEUE, RunJob.parse(job));
    this.options.onSubmitted?.();
  }

  async work(handler: JobHandler, concurrency: number): Promise<void> {
    await this.start();
    for (let i = 0; i < concurrency; i++) {
      let id = "";
      id = await this.boss.work<RunJob>(
        RUN_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
        async (jobs) => {
          try {
            for (const job of jobs) await handler(RunJob.parse(job.data));
          } finally {
            // Fetch again at once after a job (pg-boss would otherwise wait out the polling interval).
            if (id) this.boss.notifyWorker(id);
          }
        },
      );
      this.workIds.push(id);
    }
  }

  /** Wakes every idle poller of this process (a job was just submitted somewhere). */
  wake(): void {
    for (const id of this.workIds) this.boss.notifyWorker(id);
  }

  async depth(): Promise<number> {
    await this.start();
    return this.boss.getQueueSize(RUN_QUEUE);
  }

  async stop(options: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
    if (!this.started) return;
    if (this.workIds.length) await this.boss.offWork(RUN_QUEUE).catch(() => {});
    await this.boss.stop({ graceful: options.graceful ?? true, timeout: options.timeoutMs ?? 20_000, wait: true });
  }
}
