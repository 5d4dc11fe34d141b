/**
 * Encryption at rest for provider keys: AES-256-GCM with a random 96-bit IV per value. The key
 * comes from ATELIER_SECRET (any string, stretched with SHA-256; or 64 hex chars / 44 base64
 * chars used as is), else from a key file generated on first use with 0600 permissions
 * (`data/secret.key`, or ATELIER_SECRET_FILE).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface SealedValue {
  ciphertext: string;
  iv: string;
  authTag: string;
  keyId: string;
}

export class SecretKey {
  readonly id: string;
  private constructor(private readonly key: Buffer) {
    this.id = createHash("sha256").update(key).digest("hex").slice(0, 12);
  }

  static fromString(value: string): SecretKey {
    const v = value.trim();
    if (/^[0-9a-f]{64}$/i.test(v)) return new SecretKey(Buffer.from(v, "hex"));
    if (/^[A-Za-z0-9+/]{43}=$/.test(v)) return new SecretKey(Buffer.from(v, "base64"));
    return new SecretKey(createHash("sha256").update(v, "utf8").digest());
  }

  static generate(): SecretKey {
    return new SecretKey(randomBytes(32));
  }

  exportHex(): string {
    return this.key.toString("hex");
  }

  seal(plaintext: string): SealedValue {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return {
      ciphertext: ciphertext.toString("base64"),
      iv: iv.toString("base64"),
      authTag: cipher.getAuthTag().toString("base64"),
      keyId: this.id,
    };
  }

  open(sealed: SealedValue): string {
    if (sealed.keyId !== this.id)
      throw new Error(`This value was sealed with key ${sealed.keyId}, not the current key ${this.id}.`);
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(sealed.iv, "base64"));
    decipher.setAuthTag(Buffer.from(sealed.authTag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, "base64")), decipher.final()]).toString(
      "utf8",
    );
  }
}

export function keyFilePath(): string {
  return path.resolve(/* turbopackIgnore: true */ process.env.ATELIER_SECRET_FILE ?? "data/secret.key");
}

let cached: { source: string; key: SecretKey } | null = null;

/**
 * The studio's key: ATELIER_SECRET, else the key file (created with 0600 on first use). Derived
 * once per source; a key file is re-read only when it changed (e.g. after `secret:rotate`).
 */
export function loadSecretKey(): SecretKey {
  const secret = process.env.ATELIER_SECRET;
  const file = keyFilePath();
  if (cached?.source === keySource(secret, file)) return cached.key;
  const key = readSecretKey(secret, file);
  cached = { source: keySource(secret, file), key };
  return key;
}

function keySource(secret: string | undefined, file: string): string {
  if (secret) return `env:${secret}`;
  return existsSync(/* turbopackIgnore: true */ file)
    ? `file:${file}:${statSync(/* turbopackIgnore: true */ file).mtimeMs}`
    : `file:${file}:missing`;
}

function readSecretKey(secret: string | undefined, file: string): SecretKey {
  if (secret) return SecretKey.fromString(secret);
  if (existsSync(/* turbopackIgnore: true */ file))
    return SecretKey.fromString(readFileSync(/* turbopackIgnore: true */ file, "utf8"));
  const key = SecretKey.generate();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${key.exportHex()}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return key;
}

/** "sk-proj-abc…wxyz" -> "sk-…wxyz": enough to recognise a key, never enough to use it. */
export function maskSecret(value: string): string {
  const v = value.trim();
  if (v.length <= 8) return "…";
  const prefix = /^[a-z]{2,4}-/i.exec(v)?.[0] ?? "";
  return `${prefix}…${v.slice(-4)}`;
}
