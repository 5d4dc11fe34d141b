/**
 * Signing per the Standard Webhooks specification, with its reference library (`standardwebhooks`):
 * the signed content is `<webhook-id>.<webhook-timestamp>.<body>`, HMAC-SHA256 under the secret's
 * bytes (the base64 after `whsec_`), sent as `webhook-signature: v1,<base64>`. Every attempt is
 * signed anew with its own timestamp; the id stays the delivery's.
 */
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

export const SECRET_PREFIX = "whsec_";

/** A new signing secret: `whsec_` and 32 random bytes in base64 (the specification asks 24 to 64). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

export interface SignedHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** The three headers of one attempt. */
export function signWebhook(secret: string, messageId: string, at: Date, body: string): SignedHeaders {
  const signature = new Webhook(secret).sign(messageId, at, body);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signature,
  };
}

/** "whsec_abcd…wxyz": enough to tell secrets apart, never enough to use one. */
export function secretHint(secret: string): string {
  const body = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return `${SECRET_PREFIX}${body.slice(0, 4)}…${body.slice(-4)}`;
}
