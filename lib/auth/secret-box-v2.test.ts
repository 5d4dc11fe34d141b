/**
 * The secret box's current format: a per-value salt and HKDF instead of one SHA-256, the provider
 * and variable bound as AES-GCM associated data, and old values (no version prefix) still opening.
 */
import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultKeyFilePath, keyFilePath, SecretKey, SecretKeyring } from "./secret-box";

const AAD = "openai:OPENAI_API_KEY";

/** What the first format wrote: AES-256-GCM under SHA-256(passphrase), no salt, no associated data. */
function legacySeal(passphrase: string, plaintext: string) {
  const key = createHash("sha256").update(passphrase, "utf8").digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return {
    ciphertext: ciphertext.toString("base64"),
    iv: iv.toString("base64"),
    authTag: cipher.getAuthTag().toString("base64"),
    keyId: createHash("sha256").update(key).digest("hex").slice(0, 12),
  };
}

describe("SecretKey, current format", () => {
  const key = SecretKey.fromString("a passphrase for tests");

  it("writes a version prefix and a fresh salt per value (the same plaintext never derives the same key)", () => {
    const a = key.seal("sk-value", AAD);
    const b = key.seal("sk-value", AAD);
    expect(a.ciphertext).toMatch(/^v2:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(a.ciphertext.split(":")[1]).not.toBe(b.ciphertext.split(":")[1]);
    expect(key.open(a, AAD)).toBe("sk-value");
  });

  it("does not encrypt under SHA-256 of the secret", () => {
    const sealed = key.seal("sk-value", AAD);
    // Opening as the old format (one SHA-256 key, no AAD) must fail.
    expect(() => key.open({ ...sealed, ciphertext: sealed.ciphertext.split(":")[2] }, AAD)).toThrow();
  });

  it("binds a value to its provider and variable: a row copied to another provider does not open", () => {
    const sealed = key.seal("sk-openai-secret", AAD);
    expect(() => key.open(sealed, "openai-compatible:OPENAI_COMPATIBLE_API_KEY")).toThrow();
    expect(() => key.open(sealed, "openai:OPENAI_API_KEY:https://evil.example")).toThrow();
  });

  it("still opens a value written in the old format, and says it is old", () => {
    const old = legacySeal("a passphrase for tests", "sk-legacy-value");
    // The old key id (SHA-256 of SHA-256 of the passphrase) is no longer the key's id (scrypt now).
    expect(old.keyId).not.toBe(key.id);
    expect(key.opens(old.keyId)).toBe(true);
    expect(SecretKey.isLegacy(old)).toBe(true);
    expect(key.needsReseal(old)).toBe(true);
    expect(key.open(old, AAD)).toBe("sk-legacy-value");
    expect(SecretKey.isLegacy(key.seal("x", AAD))).toBe(false);
  });
});

describe("SecretKeyring", () => {
  it("opens each value with the key that sealed it and seals with the current one", () => {
    const a = SecretKey.generate();
    const b = SecretKey.generate();
    const ring = new SecretKeyring(b, [a]);
    expect(ring.open(a.seal("from-a", AAD), AAD)).toBe("from-a");
    expect(ring.open(b.seal("from-b", AAD), AAD)).toBe("from-b");
    expect(ring.seal("new", AAD).keyId).toBe(b.id);
    expect(() => ring.open(SecretKey.generate().seal("x", AAD), AAD)).toThrow(/sealed with key/);
  });
});

describe("key file location", () => {
  const dirs: string[] = [];
  const before = { file: process.env.ATELIER_SECRET_FILE, db: process.env.DATABASE_URL };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    process.env.ATELIER_SECRET_FILE = before.file;
    if (before.file === undefined) delete process.env.ATELIER_SECRET_FILE;
  });

  it("is outside the directory of the default SQLite file (data/) unless ATELIER_SECRET_FILE says otherwise", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "atelier-keyfile-"));
    dirs.push(root);
    delete process.env.ATELIER_SECRET_FILE;
    const file = keyFilePath(root);
    expect(file).toBe(defaultKeyFilePath(root));
    expect(path.dirname(file)).not.toBe(path.join(root, "data"));
    expect(file.startsWith(path.join(root, "data") + path.sep)).toBe(false);
    process.env.ATELIER_SECRET_FILE = path.join(root, "elsewhere.key");
    expect(keyFilePath(root)).toBe(path.join(root, "elsewhere.key"));
  });

  it("keeps using an existing data/secret.key (installs from before the move)", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "atelier-keyfile-"));
    dirs.push(root);
    delete process.env.ATELIER_SECRET_FILE;
    const legacy = path.join(root, "data", "secret.key");
    mkdirSync(path.dirname(legacy), { recursive: true });
    writeFileSync(legacy, `${SecretKey.generate().exportHex()}\n`);
    expect(keyFilePath(root)).toBe(legacy);
  });
});
