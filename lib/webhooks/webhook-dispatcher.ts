/**
 * The webhooks of one server process and database (held by the run runtime, built by the
 * composition root): it turns events into deliveries and hands them to the queue, and — in a
 * process that executes (`all`, workers) — attempts them and sweeps for lost ones.
 *
 * `notify` is how the run path reports: it takes a function that builds the events (reads rows)
 * and never throws, never waits and never fails its caller; what goes wrong is logged. Tests wait
 * for what was notified with `settled()`.
 */
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { attemptDelivery, createDeliveries, overdueDeliveries, type AttemptOutcome } from "./deliver-webhook";
import type { WebhookEvent } from "./webhook-message";
import { webhookSettings, type WebhookSettings } from "./webhook-settings";
import { InProcessWebhookQueue, type WebhookQueue } from "./webhook-queue";
import { WEBHOOK_TEST_EVENT } from "./webhook-views.shared";

/** Attempts one process makes at once. */
const CONCURRENCY = 8;
/** How often a working process looks for pending deliveries whose job was lost. */
const SWEEP_EVERY_MS = 30_000;
/** A pending delivery this far past its next attempt has lost its job. */
const OVERDUE_MS = 20_000;

export class WebhookDispatcher {
  private queue: WebhookQueue;
  private working = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly pending = new Set<Promise<unknown>>();
  /** Queue mode's web process submits only: workers attempt. */
  private submitOnly = false;
  private closed = false;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly settings: () => WebhookSettings = () => webhookSettings(),
  ) {
    this.queue = new InProcessWebhookQueue(logger);
  }

  /** Reports events built by `build` (called now, not awaited by the caller). Never throws. */
  notify(build: () => Promise<WebhookEvent[]> | WebhookEvent[]): void {
    if (this.closed) return;
    const p = (async () => {
      const events = await build();
      for (const event of events) await this.enqueue(event);
    })()
      .catch((err) => this.logger.warn({ err }, "webhooks: an event could not be queued"))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Creates the event's deliveries and hands them to the queue. */
  async enqueue(event: WebhookEvent, options: { onlyWebhookId?: string } = {}): Promise<string[]> {
    const created = await createDeliveries(this.db, event, options);
    if (created.length === 0) return [];
    this.ensureWorking();
    for (const d of created) await this.queue.submit(d.id, d.delayMs);
    return created.map((d) => d.id);
  }

  /** A test event to one endpoint, attempted now; its retries (if it fails) go through the queue. */
  async sendTest(webhookId: string, sentBy: string | null): Promise<string> {
    const [id] = await this.enqueueNow(
      {
        type: WEBHOOK_TEST_EVENT,
        data: { webhookId, message: "A test event from Atelier: this endpoint receives signed events.", sentBy },
      },
      webhookId,
    );
    return id;
  }

  private async enqueueNow(event: WebhookEvent, webhookId: string): Promise<string[]> {
    const created = await createDeliveries(this.db, event, { onlyWebhookId: webhookId });
    for (const d of created) await this.attempt(d.id);
    return created.map((d) => d.id);
  }

  /** One attempt (the queue's handler); a failure schedules the next through the queue. */
  async attempt(deliveryId: string): Promise<AttemptOutcome> {
    const outcome = await attemptDelivery(this.db, deliveryId, this.settings());
    if (outcome.retryInMs != null) {
      this.ensureWorking();
      await this.queue.submit(deliveryId, outcome.retryInMs);
    }
    return outcome;
  }

  /** Queue mode: jobs go to `queue` (pg-boss); `work` in workers, submit-only in web processes. */
  async useQueue(queue: WebhookQueue, work: boolean): Promise<void> {
    const previous = this.queue;
    this.queue = queue;
    this.submitOnly = !work;
    this.working = false;
    await previous.stop();
    if (work) this.ensureWorking();
  }

  /** Starts attempting (and sweeping) in this process, unless it only submits. Idempotent. */
  start(): void {
    this.ensureWorking();
  }

  private ensureWorking(): void {
    if (this.working || this.submitOnly || this.closed) return;
    this.working = true;
    void this.queue
      .work((id) => this.attempt(id).then(() => undefined), CONCURRENCY)
      .catch((err) => this.logger.error({ err }, "webhooks: the queue did not start"));
    if (!this.sweepTimer) {
      this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
      this.sweepTimer.unref();
      void this.sweep();
    }
  }

  /** Pending deliveries whose job was lost (a stopped process, a dropped timer) are attempted again. */
  async sweep(): Promise<number> {
    try {
      const ids = await overdueDeliveries(this.db, OVERDUE_MS);
      for (const id of ids) await this.queue.submit(id, 0);
      return ids.length;
    } catch (err) {
      this.logger.warn({ err }, "webhooks: the sweep failed");
      return 0;
    }
  }

  /** Everything notified so far is queued (tests). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** Called by `close` (e.g. to unsubscribe from budget alerts). */
  onClose(cleanup: () => void): void {
    this.cleanups.push(cleanup);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const c of this.cleanups.splice(0)) c();
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    await this.queue.stop();
  }
}
