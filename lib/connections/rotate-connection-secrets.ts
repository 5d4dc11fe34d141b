/**
 * `npm run secret:rotate` and the start's re-seal for connections (lib/auth/rotate-secret-key.ts
 * takes them as a `Resealer` and a `StaleResealer`): every secret field's value sealed again,
 * still bound to its connection and field.
 */
import type { SecretKey, SecretKeyring } from "../auth/secret-box";
import type { Db } from "../db/client";
import { connectionFieldAad, sealedOf } from "./connection-secrets";

function sealedFields(db: Db) {
  return db.connectionField.findMany({
    where: { secret: true, ciphertext: { not: null } },
    include: { connection: { select: { name: true } } },
  });
}

/** Re-seals every connection secret from any key of `from` to `to` in one transaction; returns how many. */
export async function rotateConnectionSecrets(db: Db, from: SecretKey | SecretKeyring, to: SecretKey): Promise<number> {
  const rows = (await sealedFields(db)).flatMap((r) => {
    const sealed = sealedOf(r);
    return sealed ? [{ id: r.id, sealed, aad: connectionFieldAad(r.connection.name, r.name) }] : [];
  });
  await db.$transaction(
    rows.map((r) =>
      db.connectionField.update({ where: { id: r.id }, data: { ...to.seal(from.open(r.sealed, r.aad), r.aad) } }),
    ),
  );
  return rows.length;
}

/**
 * At start: connection secrets an older version sealed (old format, or under a passphrase's old
 * derivation) are sealed again under the current key. A value that does not open is left as it is.
 */
export async function resealStaleConnectionSecrets(db: Db, keys: () => SecretKeyring): Promise<number> {
  const rows = await sealedFields(db);
  if (rows.length === 0) return 0;
  const ring = keys();
  let count = 0;
  for (const r of rows) {
    const sealed = sealedOf(r);
    if (!sealed || !ring.needsReseal(sealed)) continue;
    const aad = connectionFieldAad(r.connection.name, r.name);
    let value: string;
    try {
      value = ring.open(sealed, aad);
    } catch {
      continue; // not this studio's key (or damaged): reading it fails as it did, naming the field
    }
    const res = await db.connectionField.updateMany({
      where: { id: r.id, ciphertext: sealed.ciphertext },
      data: { ...ring.seal(value, aad) },
    });
    count += res.count;
  }
  return count;
}
