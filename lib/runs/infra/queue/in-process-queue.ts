/**
 * The run queue inside one process: submitted jobs start at once, at most `concurrency` at a time,
 * the rest waiting in order. What `ATELIER_ROLE=all` uses for turns and resumes alike; the same
 * interface as the pg-boss queue, so the handler is shared (local-worker.ts).
 */
import type { Logger } from "../../../logger";
import type { RunJob } from "./run-job";
import type { JobHandler, RunQueue } from "./run-queue";

export class InProcessQueue implements RunQueue {
  private handler: JobHandler | null = null;
  private concurrency = 1;
  private running = 0;
  private readonly waiting: RunJob[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly logger: Logger) {}

  async submit(job: RunJob): Promise<void> {
    if (this.stopped) throw new Error("the run queue is stopped");
    this.waiting.push(job);
    this.pump();
  }

  async work(handler: JobHandler, concurrency: number): Promise<void> {
    this.handler = handler;
    this.concurrency = Math.max(1, concurrency);
    this.pump();
  }

  async depth(): Promise<number> {
    return this.waiting.length;
  }

  async stop(options: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
    this.stopped = true;
    if (!options.graceful || this.inFlight.size === 0) return;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => setTimeout(resolve, options.timeoutMs ?? 20_000).unref()),
    ]);
  }

  private pump(): void {
    while (this.handler && !this.stopped && this.running < this.concurrency && this.waiting.length) {
      const job = this.waiting.shift()!;
      this.running++;
      const p = this.handler(job)
        .catch((err) => this.logger.error({ err, conversationId: job.conversationId }, "run job failed"))
        .finally(() => {
          this.running--;
          this.inFlight.delete(p);
          this.pump();
        });
      this.inFlight.add(p);
    }
  }
}
