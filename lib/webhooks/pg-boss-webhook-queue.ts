/**
 * The webhook queue in queue mode (ATELIER_ROLE=web|worker on PostgreSQL): a pg-boss queue of its
 * own, `atelier-webhooks`, beside the run queue in the `pgboss` schema. A job is a delivery's id,
 * started after its back-off (`startAfter`); web processes only submit, workers attempt. The
 * back-off is the studio's (deliver-webhook.ts schedules each retry as a new job), so pg-boss's
 * own retries only cover a handler that crashed.
 */
import PgBoss from "pg-boss";
import type { Logger } from "../logger";
import type { DeliveryHandler, WebhookQueue } from "./webhook-queue";

export const WEBHOOK_QUEUE = "atelier-webhooks";

export class PgBossWebhookQueue implements WebhookQueue {
  private readonly boss: PgBoss;
  private started: Promise<void> | null = null;
  private working = false;

  constructor(
    connectionString: string,
    private readonly logger: Logger,
  ) {
    this.boss = new PgBoss({
      connectionString,
      schema: "pgboss",
      application_name: "atelier-webhooks",
      max: 2,
      supervise: false,
      schedule: false,
      migrate: true,
    });
    this.boss.on("error", (err) => logger.error({ err }, "webhook queue error"));
  }

  start(): Promise<void> {
    return (this.started ??= (async () => {
      await this.boss.start();
      if (!(await this.boss.getQueue(WEBHOOK_QUEUE)))
        await this.boss
          .createQueue(WEBHOOK_QUEUE, { name: WEBHOOK_QUEUE, retryLimit: 2, retryDelay: 5, expireInSeconds: 120 })
          .catch((err) => {
            if (!/already exists|duplicate/i.test(String(err?.message))) throw err;
          });
    })());
  }

  async submit(deliveryId: string, delayMs: number): Promise<void> {
    await this.start();
    await this.boss.send(
      WEBHOOK_QUEUE,
      { deliveryId },
      delayMs > 0 ? { startAfter: new Date(Date.now() + delayMs) } : {},
    );
  }

  async work(handler: DeliveryHandler, concurrency: number): Promise<void> {
    await this.start();
    if (this.working) return;
    this.working = true;
    for (let i = 0; i < concurrency; i++)
      await this.boss.work<{ deliveryId: string }>(
        WEBHOOK_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 1 },
        async (jobs) => {
          for (const job of jobs) if (typeof job.data?.deliveryId === "string") await handler(job.data.deliveryId);
        },
      );
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => {});
    if (this.working) await this.boss.offWork(WEBHOOK_QUEUE).catch(() => {});
    await this.boss
      .stop({ graceful: false, wait: true })
      .catch((err) => this.logger.warn({ err }, "webhook queue stop"));
  }
}
