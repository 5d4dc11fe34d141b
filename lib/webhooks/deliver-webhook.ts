/**
 * Deliveries (docs/webhooks.md, "Delivery"): an event becomes one `WebhookDelivery` row per
 * enabled endpoint subscribed to its type, and each row is attempted until an endpoint answers
 * 2xx — at least once, every attempt with the same `webhook-id`, signed anew.
 *
 * An attempt is claimed with one conditional update (pending, due → attempts + 1, the next attempt
 * pushed past the attempt's timeout), so two processes never attempt one delivery at once and an
 * attempt whose process died is found again by the sweep once that time passed. A failed attempt
 * schedules the next after `ATELIER_WEBHOOK_BACKOFF_MS × 2^(n−1)`; after `ATELIER_WEBHOOK_RETRIES`
 * retries the delivery ends `failed`. Every write after the request is conditional on the row
 * still being pending, so disabling or deleting the endpoint meanwhile (cancelled) wins.
 */
import type { Db } from "../db/client";
import { jsonColumn } from "../db/json-column";
import { eventsOf, webhookSecret } from "./manage-webhooks";
import { postWebhook, type AttemptResult } from "./webhook-egress";
import { messageIdFor, serialiseBody, webhookBody, type WebhookEvent } from "./webhook-message";
import { retryDelayMs, webhookSettings, type WebhookSettings } from "./webhook-settings";
import { signWebhook } from "./webhook-signing";

/** What an attempt's claim holds the row for beyond its timeout (the sweep waits this long). */
const CLAIM_SLACK_MS = 5_000;

export interface QueuedDelivery {
  id: string;
  delayMs: number;
}

/**
 * The deliveries of one event: a row per enabled endpoint subscribed to its type (or only
 * `onlyWebhookId`, enabled or not: a test event). An id already there is skipped (the event was
 * noticed before). Answers the rows created, to attempt now.
 */
export async function createDeliveries(
  db: Db,
  event: WebhookEvent,
  options: { onlyWebhookId?: string } = {},
): Promise<QueuedDelivery[]> {
  const endpoints = options.onlyWebhookId
    ? await db.webhook.findMany({ where: { id: options.onlyWebhookId }, select: { id: true, events: true } })
    : (await db.webhook.findMany({ where: { enabled: true }, select: { id: true, events: true } })).filter((w) =>
        (eventsOf(w) as string[]).includes(event.type),
      );
  if (endpoints.length === 0) return [];
  const body = webhookBody(event);
  const created: QueuedDelivery[] = [];
  for (const w of endpoints) {
    const messageId = messageIdFor(event, w.id);
    if (
      event.key !== undefined &&
      (await db.webhookDelivery.findUnique({ where: { messageId }, select: { id: true } }))
    )
      continue;
    try {
      const row = await db.webhookDelivery.create({
        data: {
          webhookId: w.id,
          messageId,
          eventType: event.type,
          payload: jsonColumn(body),
          nextAttemptAt: new Date(),
        },
        select: { id: true },
      });
      created.push({ id: row.id, delayMs: 0 });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err; // another process noticed the same event first
    }
  }
  return created;
}

export interface AttemptOutcome {
  /** Why nothing was attempted (not pending, not due, claimed elsewhere, endpoint gone). */
  skipped?: boolean;
  result?: AttemptResult;
  /** The wait before the next attempt, when one is scheduled. */
  retryInMs?: number | null;
}

/** Claims and makes one attempt of a delivery, if it is pending and due. */
export async function attemptDelivery(
  db: Db,
  deliveryId: string,
  settings: WebhookSettings = webhookSettings(),
  now: () => Date = () => new Date(),
): Promise<AttemptOutcome> {
  const start = now();
  const claimed = await db.webhookDelivery.updateMany({
    where: {
      id: deliveryId,
      status: "pending",
      OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: new Date(start.getTime() + 50) } }],
    },
    data: {
      attempts: { increment: 1 },
      nextAttemptAt: new Date(start.getTime() + settings.timeoutMs + CLAIM_SLACK_MS),
    },
  });
  if (claimed.count === 0) return { skipped: true };
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { webhook: true } });
  if (!delivery) return { skipped: true };
  const webhook = delivery.webhook;
  if (!webhook.enabled && delivery.eventType !== "webhook.test") {
    await db.webhookDelivery.updateMany({
      where: { id: deliveryId, status: "pending" },
      data: { status: "cancelled", nextAttemptAt: null, lastError: "cancelled: the endpoint is disabled" },
    });
    return { skipped: true };
  }
  let result: AttemptResult;
  try {
    const body = serialiseBody(delivery.payload);
    const headers = signWebhook(webhookSecret(webhook), delivery.messageId, now(), body);
    result = await postWebhook(webhook.url, { ...headers }, body, { timeoutMs: settings.timeoutMs });
  } catch (err) {
    result = { ok: false, status: null, latencyMs: 0, excerpt: null, error: (err as Error).message };
  }
  const common = {
    lastStatusCode: result.status,
    lastLatencyMs: result.latencyMs,
    responseExcerpt: result.excerpt,
    lastError: result.error,
  };
  if (result.ok) {
    await db.webhookDelivery.updateMany({
      where: { id: deliveryId, status: "pending" },
      data: { ...common, status: "delivered", nextAttemptAt: null, deliveredAt: now() },
    });
    return { result, retryInMs: null };
  }
  const retryInMs = retryDelayMs(delivery.attempts, settings);
  await db.webhookDelivery.updateMany({
    where: { id: deliveryId, status: "pending" },
    data:
      retryInMs === null
        ? { ...common, status: "failed", nextAttemptAt: null }
        : { ...common, nextAttemptAt: new Date(now().getTime() + retryInMs) },
  });
  return { result, retryInMs };
}

/** Pending deliveries whose next attempt is overdue by `graceMs` (their job was lost): the sweep's. */
export async function overdueDeliveries(db: Db, graceMs: number, take = 100): Promise<string[]> {
  const rows = await db.webhookDelivery.findMany({
    where: { status: "pending", nextAttemptAt: { lte: new Date(Date.now() - graceMs) } },
    orderBy: { nextAttemptAt: "asc" },
    take,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

function isUniqueViolation(err: unknown): boolean {
  if ((err as { code?: unknown })?.code === "P2002") return true;
  const text = `${(err as Error)?.message ?? ""} ${String((err as { cause?: unknown })?.cause ?? "")}`;
  return /unique constraint|UNIQUE constraint failed|duplicate key/i.test(text);
}
