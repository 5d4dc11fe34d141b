/**
 * `npm run secret:rotate` (scripts/rotate-secret.ts), crash-safe: every saved provider key opens
 * at every step, and running the command again after a crash finishes the rotation.
 *
 * Key file (no ATELIER_SECRET):
 *   1. write the new key to `<file>.new` (0600, synced) — or reuse the one a crashed run left;
 *   2. re-encrypt every row under it in one transaction (old-format rows come out in the current one);
 *   3. switch: copy the current key to `<file>.old`, then rename `<file>.new` over `<file>`.
 *   The server's keyring holds `<file>`, `<file>.new` and `<file>.old` (secret-box.ts), so a crash
 *   between any two steps leaves every row readable.
 * ATELIER_SECRET: the new value comes from ATELIER_NEW_SECRET (also in the keyring while set);
 * the rows are re-encrypted in one transaction and the operator then sets ATELIER_SECRET to it.
 */
import { copyFileSync, chmodSync, existsSync, renameSync } from "node:fs";
import type { Db } from "../db/client";
import { resealStaleCredentials, rotateCredentials } from "./provider-credentials";
import { loadSecretKeyring, readKeyFile, SecretKey, SecretKeyring, writeKeyFile } from "./secret-box";

export interface RotationHooks {
  /** Test seams: called between the steps (a throw simulates a crash there). */
  afterNewKey?: () => void;
  afterReencrypt?: () => void;
}

/**
 * Re-seals one table's values that the keyring opens but that are in an old format or under a
 * passphrase's old derivation (`SecretKeyring.needsReseal`); returns how many. `keys` is called
 * only when the table holds a sealed value, so a studio without secrets creates no key file.
 */
export type StaleResealer = (db: Db, keys: () => SecretKeyring) => Promise<number>;

/**
 * At start (scripts/lib/prepare-database.ts): re-seals under the current key every saved secret
 * an older version sealed — provider keys first, then the other tables' (`resealers`, e.g. MCP
 * server headers) — so the first start after an upgrade leaves no value under an old derivation.
 */
export async function resealStaleSecrets(
  db: Db,
  resealers: StaleResealer[] = [],
  keys: () => SecretKeyring = loadSecretKeyring,
): Promise<number> {
  let ring: SecretKeyring | undefined;
  const once = () => (ring ??= keys());
  let count = 0;
  for (const reseal of [resealStaleCredentials, ...resealers]) count += await reseal(db, once);
  return count;
}

/** Re-seals another table's secrets (e.g. MCP server headers) from any key of `from` to `to`; returns the rows. */
export type Resealer = (db: Db, from: SecretKeyring, to: SecretKey) => Promise<number>;

export interface RotationResult {
  count: number;
  from: string;
  to: string;
  /** True when a previous, interrupted rotation's new key was reused. */
  resumed: boolean;
}

export async function rotateKeyFile(
  db: Db,
  file: string,
  hooks: RotationHooks = {},
  resealers: Resealer[] = [],
): Promise<RotationResult> {
  if (!existsSync(/* turbopackIgnore: true */ file)) {
    throw new Error(`No key file at ${file}: nothing to rotate (set ATELIER_SECRET_FILE if it lives elsewhere).`);
  }
  const pending = `${file}.new`;
  const old = `${file}.old`;
  const current = readKeyFile(file);
  const resumed = existsSync(/* turbopackIgnore: true */ pending);
  let to: SecretKey;
  if (resumed) to = readKeyFile(pending);
  else {
    to = SecretKey.generate();
    writeKeyFile(pending, to);
  }
  hooks.afterNewKey?.();
  const others = [to, ...(existsSync(/* turbopackIgnore: true */ old) ? [readKeyFile(old)] : [])];
  const keyring = new SecretKeyring(current, others);
  const count = await reencryptAll(db, keyring, to, resealers);
  hooks.afterReencrypt?.();
  copyFileSync(/* turbopackIgnore: true */ file, old);
  chmodSync(/* turbopackIgnore: true */ old, 0o600);
  renameSync(/* turbopackIgnore: true */ pending, file);
  return { count, from: current.id, to: to.id, resumed };
}

export async function rotateEnvSecret(
  db: Db,
  secret: string,
  newSecret: string,
  resealers: Resealer[] = [],
): Promise<RotationResult> {
  const from = SecretKey.fromString(secret);
  const to = SecretKey.fromString(newSecret);
  const keyring = new SecretKeyring(from, [to]);
  const count = await reencryptAll(db, keyring, to, resealers);
  return { count, from: from.id, to: to.id, resumed: false };
}

/** Provider keys first, then every other table's secrets; the rows re-sealed in all. */
async function reencryptAll(db: Db, from: SecretKeyring, to: SecretKey, resealers: Resealer[]): Promise<number> {
  let count = 0;
  for (const reseal of [rotateCredentials, ...resealers]) count += await reseal(db, from, to);
  return count;
}
