/** An endpoint's delivery log, newest first (the settings page and `GET /api/webhooks/{id}/deliveries`). */
import type { Db } from "../db/client";
import { requireWebhook } from "./manage-webhooks";
import type { DeliveryStatus, WebhookDeliveryView } from "./webhook-views.shared";

type DeliveryRow = Awaited<ReturnType<Db["webhookDelivery"]["findFirstOrThrow"]>>;

export function toDeliveryView(d: DeliveryRow): WebhookDeliveryView {
  return {
    id: d.id,
    messageId: d.messageId,
    eventType: d.eventType,
    status: d.status as DeliveryStatus,
    attempts: d.attempts,
    nextAttemptAt: d.status === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    lastStatusCode: d.lastStatusCode,
    lastLatencyMs: d.lastLatencyMs,
    responseExcerpt: d.responseExcerpt,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    payload: d.payload,
  };
}

export async function listDeliveries(db: Db, webhookId: string, limit: number): Promise<WebhookDeliveryView[]> {
  await requireWebhook(db, webhookId);
  const rows = await db.webhookDelivery.findMany({
    where: { webhookId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map(toDeliveryView);
}

export async function deliveryView(db: Db, id: string): Promise<WebhookDeliveryView> {
  return toDeliveryView(await db.webhookDelivery.findUniqueOrThrow({ where: { id } }));
}
