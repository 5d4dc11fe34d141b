/**
 * Sealing a connection's secret fields with the studio's secret box (lib/auth/secret-box.ts), like
 * provider keys: AES-256-GCM, each value bound (associated data) to its connection and field, so a
 * sealed value copied onto another field or connection does not open. Server-side only.
 */
import type { SealedValue, SecretKey, SecretKeyring } from "../auth/secret-box";
import { BrandedError } from "../errors";

export type Keys = SecretKey | SecretKeyring;

/** What a field's sealed value is bound to. Names never contain ':' (FIELD_NAME_PATTERN). */
export function connectionFieldAad(connection: string, field: string): string {
  return `connection:${connection}:${field}`;
}

/** The four sealed columns of a ConnectionField (all null: no secret value). */
export interface SealedColumns {
  ciphertext: string | null;
  iv: string | null;
  authTag: string | null;
  keyId: string | null;
}

export const NO_SEALED_VALUE: SealedColumns = { ciphertext: null, iv: null, authTag: null, keyId: null };

export function sealFieldValue(key: Keys, connection: string, field: string, value: string): SealedColumns {
  return { ...key.seal(value, connectionFieldAad(connection, field)) };
}

/** The sealed value of a row, or null when it holds none. */
export function sealedOf(row: SealedColumns): SealedValue | null {
  if (!row.ciphertext || !row.iv || !row.authTag || !row.keyId) return null;
  return { ciphertext: row.ciphertext, iv: row.iv, authTag: row.authTag, keyId: row.keyId };
}

/** A connection secret that does not open (another studio's key, or a damaged or moved row). */
export class ConnectionSecretError extends BrandedError {
  static override readonly kind: string = "ConnectionSecretError";
  constructor(connection: string, field: string, keyId: string, cause: unknown) {
    super(
      `The secret field '${field}' of connection '${connection}' does not open with this studio's key ` +
        `(sealed under key ${keyId}): save its value again.`,
      { cause },
    );
  }
}

export function openFieldValue(key: Keys, connection: string, field: string, sealed: SealedValue): string {
  try {
    return key.open(sealed, connectionFieldAad(connection, field));
  } catch (e) {
    throw new ConnectionSecretError(connection, field, sealed.keyId, e);
  }
}
