/**
 * Webhooks' wire shapes (browser-safe: zod only; docs/webhooks.md): the event types an endpoint
 * subscribes to, what an admin sends, and what the list, an endpoint and its delivery log answer.
 * The signing secret (`whsec_…`) is answered once, by the creation; no view carries it.
 */
import { z } from "zod";

/** The event types an endpoint may subscribe to (the names are a contract). */
export const WEBHOOK_EVENT_TYPES = [
  "approval.requested",
  "approval.decided",
  "run.finished",
  "run.failed",
  "budget.threshold",
  "budget.exceeded",
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES, {
  error: `an event type: ${WEBHOOK_EVENT_TYPES.join(", ")}`,
});
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** The type of the event "Send test event" delivers (no endpoint subscribes to it). */
export const WEBHOOK_TEST_EVENT = "webhook.test";

/** What each event type means, for the settings page. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "approval.requested": "A call is held for approval",
  "approval.decided": "A held call was approved or denied",
  "run.finished": "A run ended (any status)",
  "run.failed": "A run failed",
  "budget.threshold": "A budget crossed an alert threshold",
  "budget.exceeded": "A budget is spent",
};

export const WEBHOOK_URL_MAX = 2000;

const Url = z
  .string({ error: "url: an http(s) URL" })
  .trim()
  .min(1, { error: "url: an http(s) URL" })
  .max(WEBHOOK_URL_MAX, { error: `url: at most ${WEBHOOK_URL_MAX} characters` })
  .refine((u) => /^https?:\/\/[^/]/i.test(u), {
    error: "url: an absolute http(s) URL, e.g. https://hooks.example.com/atelier",
  });

const Events = z
  .array(WebhookEventType)
  .min(1, { error: "events: choose at least one event type" })
  .refine((a) => new Set(a).size === a.length, { error: "events: each event type once" });

export const WebhookInput = z.strictObject({
  url: Url,
  events: Events,
  description: z.string().trim().max(500, { error: "description: at most 500 characters" }).optional(),
  /** Off: no new events are sent and pending deliveries are cancelled. Default on. */
  enabled: z.boolean().optional(),
});
export type WebhookInput = z.input<typeof WebhookInput>;

export const DeliveryStatus = z.enum(["pending", "delivered", "failed", "cancelled"]);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

/** The latest delivery of an endpoint, in its list row. */
const LastDelivery = z.strictObject({
  status: DeliveryStatus,
  eventType: z.string(),
  createdAt: z.string(),
  lastStatusCode: z.number().int().nullable(),
});

export const WebhookView = z.strictObject({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventType),
  enabled: z.boolean(),
  /** The first and last characters of the secret, to tell endpoints apart: never the secret. */
  secretHint: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastDelivery: LastDelivery.nullable(),
});
export type WebhookView = z.infer<typeof WebhookView>;

export const WebhookDeliveryView = z.strictObject({
  id: z.string(),
  /** The Standard Webhooks `webhook-id`: the same on every attempt of this delivery. */
  messageId: z.string(),
  eventType: z.string(),
  status: DeliveryStatus,
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastLatencyMs: z.number().int().nullable(),
  /** The start of the endpoint's last answer (at most 500 characters). */
  responseExcerpt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** The body sent: `{type, timestamp, data}`. */
  payload: z.unknown(),
});
export type WebhookDeliveryView = z.infer<typeof WebhookDeliveryView>;
