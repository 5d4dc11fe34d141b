/**
 * The run queue inside one process: submitted jobs start in order, at most `concurrency` at a time
 * and, beyond a few, only while the event loop has room (loop-admission.ts); the rest wait in
 * order. What `ATELIER_ROLE=all` uses for turns and resumes alike; the same interface as the
 * pg-boss queue, so the handler is shared (local-worker.ts).
 */
import type { Logger } from "../../../logger";
import type { RunJob } from "./run-job";
import { LoopAdmission } from "./loop-admission";
import type { JobHandler, RunQueue } from "./run-queue";

export class InProcessQueue implements RunQueue {
  private handler: JobHandler | null = null;
  private concurrency = 1;
  private running = 0;
  private readonly waiting: RunJob[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly logger: Logger,
    private readonly admission = new LoopAdmission(),
  ) {}

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
    this.admission.stop();
    if (!options.graceful || this.inFlight.size === 0) return;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => setTimeout(resolve, options.timeoutMs ?? 20_000).unref()),
    ]);
  }

  private pump(): void {
    if (!this.handler || this.stopped) return;
    while (this.running < this.concurrency && this.waiting.length && this.admission.mayStart(this.running)) {
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
    if (this.running || this.waiting.length)
      this.admission.watch(
        () => ({ running: this.running, waiting: this.waiting.length }),
        () => this.pump(),
      );
  }
}
