/**
 * `npm run secret:rotate` and the start's re-seal for webhook signing secrets
 * (lib/auth/rotate-secret-key.ts takes them as a `Resealer` and a `StaleResealer`): every secret
 * sealed again, still bound to its endpoint.
 */
import type { SecretKey, SecretKeyring } from "../auth/secret-box";
import type { Db } from "../db/client";
import { sealedOf, sealWebhookSecret, webhookSecretAad } from "./webhook-secret";

const SEALED = { id: true, ciphertext: true, iv: true, authTag: true, keyId: true } as const;

/** Re-seals every webhook secret from any key of `from` to `to` in one transaction; returns how many. */
export async function rotateWebhookSecrets(db: Db, from: SecretKey | SecretKeyring, to: SecretKey): Promise<number> {
  const rows = await db.webhook.findMany({ select: SEALED });
  await db.$transaction(
    rows.map((r) =>
      db.webhook.update({
        where: { id: r.id },
        data: { ...sealWebhookSecret(to, r.id, from.open(sealedOf(r), webhookSecretAad(r.id))) },
      }),
    ),
  );
  return rows.length;
}

/** At start: secrets an older version sealed (old format or derivation) sealed again under the current key. */
export async function resealStaleWebhookSecrets(db: Db, keys: () => SecretKeyring): Promise<number> {
  const rows = await db.webhook.findMany({ select: SEALED });
  if (rows.length === 0) return 0;
  const ring = keys();
  let count = 0;
  for (const r of rows) {
    if (!ring.needsReseal(r)) continue;
    let secret: string;
    try {
      secret = ring.open(sealedOf(r), webhookSecretAad(r.id));
    } catch {
      continue; // not this studio's key (or damaged): sending fails as it did, naming the endpoint
    }
    const res = await db.webhook.updateMany({
      where: { id: r.id, ciphertext: r.ciphertext },
      data: { ...sealWebhookSecret(ring, r.id, secret) },
    });
    count += res.count;
  }
  return count;
}
