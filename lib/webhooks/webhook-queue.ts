/**
 * Where delivery attempts wait (docs/webhooks.md, "Delivery"): a job is a delivery's id and when
 * to attempt it. In one process (`ATELIER_ROLE=all`) the in-process queue below holds them in
 * timers; in queue mode pg-boss does (pg-boss-webhook-queue.ts), so a web process's events are
 * attempted by workers. Either way the delivery row is the authority (deliver-webhook.ts): a job
 * whose delivery is no longer pending, or not yet due, does nothing, and a job that is lost is
 * found again by the sweep over pending rows.
 */
import type { Logger } from "../logger";

export type DeliveryHandler = (deliveryId: string) => Promise<void>;

export interface WebhookQueue {
  /** Hands an attempt of the delivery over, to start after `delayMs`. */
  submit(deliveryId: string, delayMs: number): Promise<void>;
  /** Starts attempting deliveries, `concurrency` at once (a process that executes: `all`, workers). */
  work(handler: DeliveryHandler, concurrency: number): Promise<void>;
  stop(): Promise<void>;
}

export class InProcessWebhookQueue implements WebhookQueue {
  private handler: DeliveryHandler | null = null;
  private concurrency = 1;
  private running = 0;
  private readonly waiting: string[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly logger: Logger) {}

  async submit(deliveryId: string, delayMs: number): Promise<void> {
    if (this.stopped) return;
    if (delayMs <= 0) {
      this.waiting.push(deliveryId);
      this.pump();
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.waiting.push(deliveryId);
      this.pump();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  async work(handler: DeliveryHandler, concurrency: number): Promise<void> {
    this.handler = handler;
    this.concurrency = Math.max(1, concurrency);
    this.pump();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.waiting.length = 0;
  }

  private pump(): void {
    while (this.handler && !this.stopped && this.running < this.concurrency && this.waiting.length) {
      const id = this.waiting.shift()!;
      this.running++;
      this.handler(id)
        .catch((err) => this.logger.error({ err, deliveryId: id }, "webhook delivery failed"))
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }
}
