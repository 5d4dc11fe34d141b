/**
 * Encryption at rest for provider keys (README.md, "Security"): AES-256-GCM with a random 96-bit
 * IV per value.
 *
 * Format v2 (what `seal` writes): `ciphertext` is `v2:<salt>:<data>` (base64 parts). The value's
 * own key is HKDF-SHA256(key, salt = 16 random bytes per value, info "atelier secret-box v2"),
 * and the caller's associated data (the provider and variable, lib/auth/provider-credentials.ts)
 * is bound with AES-GCM's AAD, so a row copied onto another provider's does not open.
 * Format v1 (no prefix; written before): AES-GCM under the key itself, nothing bound. `open` still
 * reads it; `needsReseal` tells it apart so callers re-seal it (on read, at start and on rotation).
 *
 * The key: ATELIER_SECRET — 64 hex / 44 base64 characters are used as raw bytes; any other string
 * is a passphrase, stretched with scrypt (`PASSPHRASE_SCRYPT`) — else a key file generated on first
 * use with 0600 permissions: ATELIER_SECRET_FILE, by default `.atelier/secret.key` in the project
 * directory — not beside the SQLite file in `data/`, so a copy of the database does not carry its
 * key (an existing `data/secret.key` keeps being used). The key id stored beside every value is
 * the first 12 hex digits of SHA-256 of the key (for a passphrase: of the stretched key), so a
 * guess at a passphrase cannot be checked against it without paying for a scrypt.
 *
 * Before scrypt, a passphrase's key was SHA-256 of it (and v2 values used its bytes as HKDF input),
 * with the key id SHA-256 of that: a key built from a passphrase still opens those values under
 * that old id, and `needsReseal` reports them so the start re-seals them (rotate-secret-key.ts).
 * During a rotation (`npm run secret:rotate`) the keyring also holds `<file>.new` / `<file>.old`
 * and ATELIER_NEW_SECRET, so every value opens at every step.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, scryptSync } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

export interface SealedValue {
  ciphertext: string;
  iv: string;
  authTag: string;
  keyId: string;
}

const V2 = "v2:";
const HKDF_INFO = "atelier secret-box v2";

/**
 * How a passphrase ATELIER_SECRET is stretched: scrypt at OWASP's cost for passwords (N=2^17, r=8,
 * p=1: about 128 MiB and a few hundred milliseconds, once per process). The salt is fixed — every
 * process of a studio must derive the same key from the variable alone — so it only separates this
 * use from others; the cost per guess is what protects a passphrase.
 */
export const PASSPHRASE_SCRYPT = { N: 2 ** 17, r: 8, p: 1, salt: "atelier ATELIER_SECRET passphrase v3" } as const;

/** One key a SecretKey can open with: its id, the HKDF input of v2 values and the AES key of v1 values. */
interface KeyIdentity {
  id: string;
  material: Buffer;
  v1Key: Buffer;
}

function keyIdOf(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 12);
}

/**
 * A memo of the stretch (a pure function of the passphrase), shared by every copy of this module
 * in the process: Next.js bundles each route apart, and without it each bundle that reads a secret
 * would pay its own scrypt (128 MiB, a blocked event loop) on first use. It holds nothing the
 * process environment does not already hold.
 */
const STRETCHED = Symbol.for("atelier.secret-box.stretched");

function stretch(passphrase: string): Buffer {
  const g = globalThis as { [STRETCHED]?: Map<string, Buffer> };
  const memo = (g[STRETCHED] ??= new Map());
  let key = memo.get(passphrase);
  if (!key) {
    const { N, r, p, salt } = PASSPHRASE_SCRYPT;
    key = scryptSync(passphrase, salt, 32, { N, r, p, maxmem: 256 * N * r });
    memo.set(passphrase, key);
  }
  return Buffer.from(key);
}

export class SecretKey {
  readonly id: string;
  private readonly identities: Map<string, KeyIdentity>;

  /**
   * @param key the key's 32 bytes (raw, or a stretched passphrase): seals and opens under `id`
   * @param legacy what the previous derivation made of the same passphrase: opened, never sealed with
   */
  private constructor(
    private readonly key: Buffer,
    legacy: KeyIdentity | null = null,
  ) {
    this.id = keyIdOf(key);
    this.identities = new Map([[this.id, { id: this.id, material: key, v1Key: key }]]);
    if (legacy && legacy.id !== this.id) this.identities.set(legacy.id, legacy);
  }

  static fromString(value: string): SecretKey {
    const v = value.trim();
    if (/^[0-9a-f]{64}$/i.test(v)) return new SecretKey(Buffer.from(v, "hex"));
    if (/^[A-Za-z0-9+/]{43}=$/.test(v)) return new SecretKey(Buffer.from(v, "base64"));
    const sha = createHash("sha256").update(v, "utf8").digest();
    return new SecretKey(stretch(v), { id: keyIdOf(sha), material: Buffer.from(v, "utf8"), v1Key: sha });
  }

  static generate(): SecretKey {
    return new SecretKey(randomBytes(32));
  }

  /** Whether a value is in the old format (re-seal it). */
  static isLegacy(sealed: Pick<SealedValue, "ciphertext">): boolean {
    return !sealed.ciphertext.startsWith(V2);
  }

  /** Whether this key opens values sealed under `keyId` (its own id, or its passphrase's old one). */
  opens(keyId: string): boolean {
    return this.identities.has(keyId);
  }

  /** Whether a value this key opens should be sealed again: old format, or sealed under the old derivation. */
  needsReseal(sealed: Pick<SealedValue, "ciphertext" | "keyId">): boolean {
    return SecretKey.isLegacy(sealed) || (this.opens(sealed.keyId) && sealed.keyId !== this.id);
  }

  /** The key as 64 hex characters (a key file's content; for a passphrase, the stretched key). */
  exportHex(): string {
    return this.key.toString("hex");
  }

  private static derive(material: Buffer, salt: Buffer): Buffer {
    return Buffer.from(hkdfSync("sha256", material, salt, HKDF_INFO, 32));
  }

  /** Seals `plaintext` bound to `aad` (e.g. "openai:OPENAI_API_KEY"); `open` needs the same `aad`. */
  seal(plaintext: string, aad: string): SealedValue {
    const salt = randomBytes(16);
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", SecretKey.derive(this.key, salt), iv);
    cipher.setAAD(Buffer.from(aad, "utf8"));
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return {
      ciphertext: `${V2}${salt.toString("base64")}:${data.toString("base64")}`,
      iv: iv.toString("base64"),
      authTag: cipher.getAuthTag().toString("base64"),
      keyId: this.id,
    };
  }

  open(sealed: SealedValue, aad: string): string {
    const identity = this.identities.get(sealed.keyId);
    if (!identity) throw new Error(`This value was sealed with key ${sealed.keyId}, not the current key ${this.id}.`);
    const iv = Buffer.from(sealed.iv, "base64");
    let decipher;
    let data: Buffer;
    if (SecretKey.isLegacy(sealed)) {
      decipher = createDecipheriv("aes-256-gcm", identity.v1Key, iv);
      data = Buffer.from(sealed.ciphertext, "base64");
    } else {
      const [, salt, body] = sealed.ciphertext.split(":");
      decipher = createDecipheriv(
        "aes-256-gcm",
        SecretKey.derive(identity.material, Buffer.from(salt ?? "", "base64")),
        iv,
      );
      decipher.setAAD(Buffer.from(aad, "utf8"));
      data = Buffer.from(body ?? "", "base64");
    }
    decipher.setAuthTag(Buffer.from(sealed.authTag, "base64"));
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  }
}

/** The current key (for sealing) and the others that may still have sealed a value (mid-rotation). */
export class SecretKeyring {
  readonly all: SecretKey[];
  constructor(
    readonly current: SecretKey,
    others: SecretKey[] = [],
  ) {
    this.all = [current, ...others.filter((k) => k.id !== current.id)];
  }

  get id(): string {
    return this.current.id;
  }

  seal(plaintext: string, aad: string): SealedValue {
    return this.current.seal(plaintext, aad);
  }

  open(sealed: SealedValue, aad: string): string {
    const key = this.all.find((k) => k.opens(sealed.keyId)) ?? this.current;
    return key.open(sealed, aad);
  }

  /**
   * Whether a value should be sealed again under the current key: old format, or sealed under a
   * passphrase's old derivation. A current-format value of another key of the ring (mid-rotation) is
   * left alone, and so is a value no key of the ring opens.
   */
  needsReseal(sealed: Pick<SealedValue, "ciphertext" | "keyId">): boolean {
    const key = this.all.find((k) => k.opens(sealed.keyId));
    return key ? key.needsReseal(sealed) : false;
  }
}

/** Where the generated key file goes by default: outside `data/` (where the SQLite file is). */
export function defaultKeyFilePath(root: string = process.cwd()): string {
  return path.join(/* turbopackIgnore: true */ root, ".atelier", "secret.key");
}

export function keyFilePath(root: string = process.cwd()): string {
  if (process.env.ATELIER_SECRET_FILE) return path.resolve(/* turbopackIgnore: true */ process.env.ATELIER_SECRET_FILE);
  const legacy = path.join(/* turbopackIgnore: true */ root, "data", "secret.key");
  if (existsSync(/* turbopackIgnore: true */ legacy)) return legacy;
  return defaultKeyFilePath(root);
}

let cached: { source: string; ring: SecretKeyring } | null = null;

/** The studio's key for sealing new values. */
export function loadSecretKey(): SecretKey {
  return loadSecretKeyring().current;
}

/**
 * The keyring: ATELIER_SECRET (plus ATELIER_NEW_SECRET during a rotation), else the key file (created
 * with 0600 on first use) plus `<file>.new` and `<file>.old` when present. Re-read only when a file changed.
 */
export function loadSecretKeyring(): SecretKeyring {
  const secret = process.env.ATELIER_SECRET;
  const file = keyFilePath();
  const source = keySource(secret, file);
  if (cached?.source === source) return cached.ring;
  const ring = secret
    ? new SecretKeyring(
        SecretKey.fromString(secret),
        process.env.ATELIER_NEW_SECRET ? [SecretKey.fromString(process.env.ATELIER_NEW_SECRET)] : [],
      )
    : new SecretKeyring(
        readOrCreateKeyFile(file),
        [`${file}.new`, `${file}.old`].filter((f) => existsSync(/* turbopackIgnore: true */ f)).map(readKeyFile),
      );
  cached = { source: keySource(secret, file), ring };
  return ring;
}

function stamp(file: string): string {
  return existsSync(/* turbopackIgnore: true */ file)
    ? String(statSync(/* turbopackIgnore: true */ file).mtimeMs)
    : "-";
}

function keySource(secret: string | undefined, file: string): string {
  if (secret) return `env:${secret}:${process.env.ATELIER_NEW_SECRET ?? ""}`;
  return `file:${file}:${stamp(file)}:${stamp(`${file}.new`)}:${stamp(`${file}.old`)}`;
}

export function readKeyFile(file: string): SecretKey {
  return SecretKey.fromString(readFileSync(/* turbopackIgnore: true */ file, "utf8"));
}

/** Writes a key file with 0600 permissions; `exclusive` refuses to replace an existing one. */
export function writeKeyFile(file: string, key: SecretKey, exclusive = true): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(/* turbopackIgnore: true */ file, `${key.exportHex()}\n`, {
    mode: 0o600,
    flag: exclusive ? "wx" : "w",
  });
  chmodSync(/* turbopackIgnore: true */ file, 0o600);
  const fd = openSync(/* turbopackIgnore: true */ file, "r");
  fsyncSync(fd); // on disk before any value is sealed under it
  closeSync(fd);
}

function readOrCreateKeyFile(file: string): SecretKey {
  if (existsSync(/* turbopackIgnore: true */ file)) return readKeyFile(file);
  const key = SecretKey.generate();
  writeKeyFile(file, key);
  return key;
}

/** "sk-proj-abc…wxyz" -> "sk-…wxyz": enough to recognise a key, never enough to use it. */
export function maskSecret(value: string): string {
  const v = value.trim();
  if (v.length <= 8) return "…";
  const prefix = /^[a-z]{2,4}-/i.exec(v)?.[0] ?? "";
  return `${prefix}…${v.slice(-4)}`;
}
