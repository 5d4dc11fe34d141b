/**
 * Encryption at rest for provider keys (README.md, "Security"): AES-256-GCM with a random 96-bit
 * IV per value.
 *
 * Format v2 (what `seal` writes): `ciphertext` is `v2:<salt>:<data>` (base64 parts). The value's
 * own key is HKDF-SHA256(secret, salt = 16 random bytes per value, info "atelier secret-box v2"),
 * and the caller's associated data (the provider and variable, lib/auth/provider-credentials.ts)
 * is bound with AES-GCM's AAD, so a row copied onto another provider's does not open.
 * Format v1 (no prefix; written before): the key was SHA-256 of the secret and nothing was bound.
 * `open` still reads it; `isLegacy` tells it apart so callers re-seal it (on read and on rotation).
 *
 * The secret: ATELIER_SECRET (any string; or 64 hex / 44 base64 characters used as raw bytes),
 * else a key file generated on first use with 0600 permissions: ATELIER_SECRET_FILE, by default
 * `.atelier/secret.key` in the project directory — not beside the SQLite file in `data/`, so a
 * copy of the database does not carry its key (an existing `data/secret.key` keeps being used).
 * During a rotation (`npm run secret:rotate`) the keyring also holds `<file>.new` / `<file>.old`
 * and ATELIER_NEW_SECRET, so every value opens at every step.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
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

export class SecretKey {
  readonly id: string;
  /**
   * @param material the secret's bytes (HKDF input of v2)
   * @param legacyKey the v1 AES key (SHA-256 of a passphrase, or the raw key)
   */
  private constructor(
    private readonly material: Buffer,
    private readonly legacyKey: Buffer,
  ) {
    this.id = createHash("sha256").update(legacyKey).digest("hex").slice(0, 12);
  }

  static fromString(value: string): SecretKey {
    const v = value.trim();
    if (/^[0-9a-f]{64}$/i.test(v)) return SecretKey.raw(Buffer.from(v, "hex"));
    if (/^[A-Za-z0-9+/]{43}=$/.test(v)) return SecretKey.raw(Buffer.from(v, "base64"));
    return new SecretKey(Buffer.from(v, "utf8"), createHash("sha256").update(v, "utf8").digest());
  }

  static generate(): SecretKey {
    return SecretKey.raw(randomBytes(32));
  }

  private static raw(bytes: Buffer): SecretKey {
    return new SecretKey(bytes, bytes);
  }

  /** Whether a value is in the old format (re-seal it). */
  static isLegacy(sealed: Pick<SealedValue, "ciphertext">): boolean {
    return !sealed.ciphertext.startsWith(V2);
  }

  exportHex(): string {
    return this.legacyKey.toString("hex");
  }

  private derive(salt: Buffer): Buffer {
    return Buffer.from(hkdfSync("sha256", this.material, salt, HKDF_INFO, 32));
  }

  /** Seals `plaintext` bound to `aad` (e.g. "openai:OPENAI_API_KEY"); `open` needs the same `aad`. */
  seal(plaintext: string, aad: string): SealedValue {
    const salt = randomBytes(16);
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.derive(salt), iv);
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
    if (sealed.keyId !== this.id)
      throw new Error(`This value was sealed with key ${sealed.keyId}, not the current key ${this.id}.`);
    const iv = Buffer.from(sealed.iv, "base64");
    let decipher;
    let data: Buffer;
    if (SecretKey.isLegacy(sealed)) {
      decipher = createDecipheriv("aes-256-gcm", this.legacyKey, iv);
      data = Buffer.from(sealed.ciphertext, "base64");
    } else {
      const [, salt, body] = sealed.ciphertext.split(":");
      decipher = createDecipheriv("aes-256-gcm", this.derive(Buffer.from(salt ?? "", "base64")), iv);
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
    const key = this.all.find((k) => k.id === sealed.keyId) ?? this.current;
    return key.open(sealed, aad);
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
