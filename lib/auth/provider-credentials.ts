/**
 * Provider keys saved in the studio, encrypted at rest. Only a masked hint ever leaves the server;
 * the plaintext is read by the model factory (lib/models) when it builds a provider.
 */
import { z } from "zod";
import { NotFoundError } from "../errors";
import type { Db } from "../db/client";
import { recordAudit } from "./audit-log";
import type { Principal } from "./roles";
import { loadSecretKey, maskSecret, SecretKey } from "./secret-box";

/** The environment variable each provider's key stands in for (lib/models/README.md, Providers). */
export const PROVIDER_KEY_VARIABLES = {
  openai: "OPENAI_API_KEY",
  azure: "AZURE_OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GOOGLE_GENERATIVE_AI_API_KEY",
  mistral: "MISTRAL_API_KEY",
  nvidia: "NVIDIA_API_KEY",
  "openai-compatible": "OPENAI_COMPATIBLE_API_KEY",
} as const;
export const KeyedProvider = z.enum(
  Object.keys(PROVIDER_KEY_VARIABLES) as [
    keyof typeof PROVIDER_KEY_VARIABLES,
    ...Array<keyof typeof PROVIDER_KEY_VARIABLES>,
  ],
);
export type KeyedProvider = z.infer<typeof KeyedProvider>;

export const SetCredentialInput = z.object({
  value: z.string().trim().min(8, "That is too short to be an API key").max(4000),
});

export interface CredentialSummary {
  provider: KeyedProvider;
  variable: string;
  hint: string;
  updatedAt: string;
}

export async function listCredentials(db: Db): Promise<CredentialSummary[]> {
  const rows = await db.providerCredential.findMany({ orderBy: { provider: "asc" } });
  return rows.map((r) => ({
    provider: r.provider as KeyedProvider,
    variable: r.variable,
    hint: r.hint,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function setCredential(
  db: Db,
  actor: Principal,
  provider: KeyedProvider,
  value: string,
  key: SecretKey = loadSecretKey(),
) {
  const variable = PROVIDER_KEY_VARIABLES[provider];
  const sealed = key.seal(value);
  const hint = maskSecret(value);
  const row = await db.providerCredential.upsert({
    where: { provider_variable: { provider, variable } },
    create: { provider, variable, ...sealed, hint, createdById: actor.id },
    update: { ...sealed, hint },
  });
  await recordAudit(db, { actor, action: "secret.set", target: `${provider}:${variable}`, details: { hint } });
  return { provider, variable, hint, updatedAt: row.updatedAt.toISOString() } satisfies CredentialSummary;
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
  key: SecretKey = loadSecretKey(),
): Promise<string | null> {
  const row = await db.providerCredential.findFirst({
    where: { provider, variable: PROVIDER_KEY_VARIABLES[provider] },
  });
  return row ? key.open(row) : null;
}

/** Every saved key, decrypted with one key and one query. Server-side only. */
export async function readAllCredentials(
  db: Db,
  key: SecretKey = loadSecretKey(),
): Promise<Partial<Record<KeyedProvider, string>>> {
  const out: Partial<Record<KeyedProvider, string>> = {};
  for (const row of await db.providerCredential.findMany()) {
    const provider = KeyedProvider.safeParse(row.provider);
    if (provider.success && row.variable === PROVIDER_KEY_VARIABLES[provider.data]) out[provider.data] = key.open(row);
  }
  return out;
}

/** Re-encrypts every saved key from `from` to `to` (the rotate command). */
export async function rotateCredentials(db: Db, from: SecretKey, to: SecretKey): Promise<number> {
  const rows = await db.providerCredential.findMany();
  await db.$transaction(
    rows.map((r) => db.providerCredential.update({ where: { id: r.id }, data: { ...to.seal(from.open(r)) } })),
  );
  await recordAudit(db, {
    actor: { id: null, name: "rotate-secret command" },
    action: "secret.rotate",
    details: { count: rows.length, from: from.id, to: to.id },
  });
  return rows.length;
}
