/**
 * An endpoint's signing secret at rest: sealed with the studio's secret box like provider keys
 * (lib/auth/secret-box.ts: AES-256-GCM), bound (associated data) to the endpoint's id, so a sealed
 * value copied onto another endpoint does not open. `npm run secret:rotate` re-seals them under the
 * new key and the start re-seals values an older version sealed (./rotate-webhook-secrets.ts).
 */
import type { SealedValue, SecretKey, SecretKeyring } from "../auth/secret-box";
import { BrandedError } from "../errors";

export type Keys = SecretKey | SecretKeyring;

export function webhookSecretAad(webhookId: string): string {
  return `webhook:${webhookId}`;
}

export function sealedOf(row: SealedValue): SealedValue {
  return { ciphertext: row.ciphertext, iv: row.iv, authTag: row.authTag, keyId: row.keyId };
}

/** A secret that does not open (another studio's key, or a damaged or moved row). */
export class WebhookSecretError extends BrandedError {
  static override readonly kind: string = "WebhookSecretError";
  constructor(webhookId: string, keyId: string, cause: unknown) {
    super(
      `The signing secret of webhook '${webhookId}' does not open with this studio's key (sealed under key ${keyId}): ` +
        "delete the endpoint and add it again.",
      { cause },
    );
  }
}

export function sealWebhookSecret(key: Keys, webhookId: string, secret: string): SealedValue {
  return key.seal(secret, webhookSecretAad(webhookId));
}

export function openWebhookSecret(key: Keys, webhookId: string, row: SealedValue): string {
  try {
    return key.open(sealedOf(row), webhookSecretAad(webhookId));
  } catch (e) {
    throw new WebhookSecretError(webhookId, row.keyId, e);
  }
}
