/**
 * One logical event as the endpoints receive it: the Standard Webhooks body `{type, timestamp,
 * data}` and its `webhook-id`. An event that can be noticed twice (a run's end seen by two
 * processes, a job delivered again) carries a `key` — what it is about, e.g. the run id — and its
 * id is derived from (type, key, endpoint): the second notice finds the delivery there already
 * and sends nothing, so each endpoint gets each event once (with retries under the same id).
 */
import { createHash, randomBytes } from "node:crypto";

export interface WebhookEvent {
  type: string;
  /** What the event is about, once per type (e.g. the run id); absent: every notice is a new event. */
  key?: string;
  data: Record<string, unknown>;
  at?: Date;
}

export interface WebhookBody {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export function webhookBody(event: WebhookEvent): WebhookBody {
  return { type: event.type, timestamp: (event.at ?? new Date()).toISOString(), data: event.data };
}

/** `msg_` and 27 URL-safe characters: derived from (type, key, endpoint) when the event has a key. */
export function messageIdFor(event: Pick<WebhookEvent, "type" | "key">, webhookId: string): string {
  const bytes =
    event.key === undefined
      ? randomBytes(20)
      : createHash("sha256").update(`${event.type}\n${event.key}\n${webhookId}`).digest();
  return `msg_${bytes.toString("base64url").slice(0, 27)}`;
}

/** The bytes sent: the stored body with its fields in the specification's order. */
export function serialiseBody(stored: unknown): string {
  const b = (stored ?? {}) as Partial<WebhookBody>;
  return JSON.stringify({ type: b.type, timestamp: b.timestamp, data: b.data ?? {} });
}
