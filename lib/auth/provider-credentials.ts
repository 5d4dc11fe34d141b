/**
 * Provider keys saved in the studio, encrypted at rest. Only a masked hint ever leaves the server
 * (`CredentialSummary`, ./provider-credentials.shared.ts); the plaintext is read by the model
 * factory (lib/models) when it builds a provider.
 */
import { BadRequestError, NotFoundError } from "../errors";
import type { Db } from "../db/client";
import { recordAudit } from "./audit-log";
import type { Principal } from "./roles";
import {
  KeyedProvider,
  PROVIDER_KEY_VARIABLES,
  type CredentialSummary,
  type KeyVariable,
  type ProviderKeyEnvironment,
} from "./provider-credentials.shared";
import { loadSecretKeyring, maskSecret, SecretKey, SecretKeyring, type SealedValue } from "./secret-box";

export { KeyedProvider, PROVIDER_KEY_VARIABLES };

/** Providers whose base URL an agent chooses: their saved key is bound to the URL it was saved with. */
const URL_BOUND: ReadonlySet<KeyedProvider> = new Set(["openai-compatible"]);

type Keys = SecretKey | SecretKeyring;

/** What a sealed key is bound to (AES-GCM associated data): its provider, variable and base URL. */
export function credentialAad(provider: string, variable: string, baseUrl: string | null): string {
  return `provider-credential:${provider}:${variable}:${baseUrl ?? ""}`;
}

function sealedOf(row: SealedValue): SealedValue {
  return { ciphertext: row.ciphertext, iv: row.iv, authTag: row.authTag, keyId: row.keyId };
}

export async function listCredentials(db: Db): Promise<CredentialSummary[]> {
  const rows = await db.providerCredential.findMany({ orderBy: { provider: "asc" } });
  return rows.map((r) => ({
    provider: r.provider as KeyedProvider,
    variable: r.variable as KeyVariable,
    hint: r.hint,
    baseUrl: r.baseUrl,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Which providers have a key in this server's environment (whether it is set, never its value). */
export function providerKeyEnvironment(
  env: Record<string, string | undefined> = process.env,
): ProviderKeyEnvironment[] {
  return KeyedProvider.options.map((provider) => {
    const variable = PROVIDER_KEY_VARIABLES[provider];
    return { provider, variable, set: Boolean(env[variable]) };
  });
}

export async function setCredential(
  db: Db,
  actor: Principal,
  provider: KeyedProvider,
  value: string,
  key: Keys = loadSecretKeyring(),
  baseUrl?: string,
): Promise<CredentialSummary> {
  const variable = PROVIDER_KEY_VARIABLES[provider];
  if (URL_BOUND.has(provider) && !baseUrl) {
    throw new BadRequestError(
      `A ${provider} key is sent only to the server it is saved for: give its baseUrl (the same URL agents name).`,
      { field: "baseUrl" },
    );
  }
  if (!URL_BOUND.has(provider) && baseUrl) {
    throw new BadRequestError(`baseUrl is only saved with an openai-compatible key, not with ${provider}'s.`, {
      field: "baseUrl",
    });
  }
  const bound = baseUrl ?? null;
  const sealed = key.seal(value, credentialAad(provider, variable, bound));
  const hint = maskSecret(value);
  const row = await db.providerCredential.upsert({
    where: { provider_variable: { provider, variable } },
    create: { provider, variable, ...sealed, hint, baseUrl: bound, createdById: actor.id },
    update: { ...sealed, hint, baseUrl: bound },
  });
  await recordAudit(db, {
    actor,
    action: "secret.set",
    target: `${provider}:${variable}`,
    details: { hint, ...(bound ? { baseUrl: bound } : {}) },
  });
  return {
    provider,
    variable,
    hint,
    baseUrl: bound,
    updatedAt: row.updatedAt.toISOString(),
  } satisfies CredentialSummary;
}

export async function removeCredential(db: Db, actor: Principal, provider: KeyedProvider) {
  const variable = PROVIDER_KEY_VARIABLES[provider];
  const res = await db.providerCredential.deleteMany({ where: { provider, variable } });
  if (res.count === 0) throw new NotFoundError(`No key is saved for ${provider}.`);
  await recordAudit(db, { actor, action: "secret.remove", target: `${provider}:${variable}` });
}

/** The decrypted key for a provider, or null. Server-side only. */
export async function readCredential(
  db: Db,
  provider: KeyedProvider,
  key: Keys = loadSecretKeyring(),
): Promise<string | null> {
  const row = await db.providerCredential.findFirst({
    where: { provider, variable: PROVIDER_KEY_VARIABLES[provider] },
  });
  return row ? key.open(sealedOf(row), credentialAad(row.provider, row.variable, row.baseUrl)) : null;
}

/**
 * Every saved key, decrypted with one keyring and one query, with the base URL of URL-bound keys
 * (`baseUrls`). A value still in an old format, or sealed under a passphrase's old derivation, is
 * re-sealed under the current key as it is read (best effort: a failed update leaves it readable
 * as it was). Server-side only.
 */
export async function readAllCredentials(
  db: Db,
  key: Keys = loadSecretKeyring(),
): Promise<Partial<Record<KeyedProvider, string>> & { baseUrls: Partial<Record<KeyedProvider, string>> }> {
  const out: Partial<Record<KeyedProvider, string>> & { baseUrls: Partial<Record<KeyedProvider, string>> } = {
    baseUrls: {},
  };
  for (const row of await db.providerCredential.findMany()) {
    const provider = KeyedProvider.safeParse(row.provider);
    if (!provider.success || row.variable !== PROVIDER_KEY_VARIABLES[provider.data]) continue;
    const aad = credentialAad(row.provider, row.variable, row.baseUrl);
    const value = key.open(sealedOf(row), aad);
    out[provider.data] = value;
    if (row.baseUrl) out.baseUrls[provider.data] = row.baseUrl;
    if (key.needsReseal(row)) {
      await db.providerCredential
        .updateMany({ where: { id: row.id, ciphertext: row.ciphertext }, data: { ...key.seal(value, aad) } })
        .catch(() => undefined);
    }
  }
  return out;
}

/**
 * The start's re-seal (rotate-secret-key.ts, `resealStaleSecrets`): every saved key that `keys`
 * opens but that is in an old format or under a passphrase's old derivation is sealed again under
 * the current key. Returns how many were re-sealed; a row that does not open is left as it is.
 */
export async function resealStaleCredentials(db: Db, keys: () => SecretKeyring): Promise<number> {
  const rows = await db.providerCredential.findMany();
  if (rows.length === 0) return 0;
  const ring = keys();
  let count = 0;
  for (const row of rows) {
    if (!ring.needsReseal(row)) continue;
    const aad = credentialAad(row.provider, row.variable, row.baseUrl);
    let value: string;
    try {
      value = ring.open(sealedOf(row), aad);
    } catch {
      continue; // not this studio's key (or damaged): reading it fails as it did, naming the key
    }
    const res = await db.providerCredential.updateMany({
      where: { id: row.id, ciphertext: row.ciphertext },
      data: { ...ring.seal(value, aad) },
    });
    count += res.count;
  }
  return count;
}

/**
 * Re-encrypts every saved key under `to` in one transaction (the rotate command, which keeps every
 * key that may have sealed a row in `from`); old-format rows come out in the current format.
 */
export async function rotateCredentials(db: Db, from: Keys, to: SecretKey): Promise<number> {
  const rows = await db.providerCredential.findMany();
  await db.$transaction(
    rows.map((r) => {
      const aad = credentialAad(r.provider, r.variable, r.baseUrl);
      return db.providerCredential.update({
        where: { id: r.id },
        data: { ...to.seal(from.open(sealedOf(r), aad), aad) },
      });
    }),
  );
  await recordAudit(db, {
    actor: { id: null, name: "rotate-secret command" },
    action: "secret.rotate",
    details: { count: rows.length, from: from.id, to: to.id },
  });
  return rows.length;
}
