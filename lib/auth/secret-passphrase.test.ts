/**
 * A passphrase ATELIER_SECRET is stretched with scrypt, and the key id stored beside every sealed
 * value is derived from the stretched key, so checking a guess against a stolen key id costs a
 * scrypt (it used to cost two SHA-256). Values sealed under the old derivation (SHA-256 of the
 * passphrase, v1 and v2 formats) still open and are reported as needing a re-seal.
 */
import { createCipheriv, createHash, hkdfSync, randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PASSPHRASE_SCRYPT, SecretKey, SecretKeyring } from "./secret-box";
import { legacyPassphraseSeal } from "./testing/legacy-passphrase-seal";

const PASSPHRASE = "correct horse battery staple";
const AAD = "provider-credential:openai:OPENAI_API_KEY:";

/** What the previous version wrote for a passphrase: its key id, and values in both formats. */
const legacy = legacyPassphraseSeal(PASSPHRASE);
const old = { id: () => legacy.id, v1: legacy.v1, v2: legacy.v2 };

describe("a passphrase ATELIER_SECRET", () => {
  const key = SecretKey.fromString(PASSPHRASE);

  it("is stretched with scrypt (N=2^17, r=8, p=1), and its key id is derived from the stretched key", () => {
    expect(PASSPHRASE_SCRYPT).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
    const { N, r, p, salt } = PASSPHRASE_SCRYPT;
    const stretched = scryptSync(PASSPHRASE, salt, 32, { N, r, p, maxmem: 256 * N * r });
    expect(key.id).toBe(createHash("sha256").update(stretched).digest("hex").slice(0, 12));
    // The old id was two SHA-256 of the passphrase: a guess could be checked in a microsecond.
    expect(key.id).not.toBe(old.id());
    expect(key.seal("sk-new", AAD).keyId).toBe(key.id);
  });

  it("does not encrypt under anything derived from SHA-256 of the passphrase", () => {
    const sealed = key.seal("sk-new", AAD);
    const [, salt, body] = sealed.ciphertext.split(":");
    const oldKey = Buffer.from(
      hkdfSync("sha256", Buffer.from(PASSPHRASE, "utf8"), Buffer.from(salt, "base64"), "atelier secret-box v2", 32),
    );
    const decipher = createCipheriv("aes-256-gcm", oldKey, Buffer.from(sealed.iv, "base64"));
    expect(decipher.update(Buffer.from(body, "base64")).toString("utf8")).not.toBe("sk-new");
  });

  it("still opens values sealed under the old derivation (both formats) and says they need re-sealing", () => {
    const v1 = old.v1("sk-v1-value");
    const v2 = old.v2("sk-v2-value", AAD);
    expect(key.open(v1, AAD)).toBe("sk-v1-value");
    expect(key.open(v2, AAD)).toBe("sk-v2-value");
    expect(key.needsReseal(v1)).toBe(true);
    expect(key.needsReseal(v2)).toBe(true);
    expect(key.needsReseal(key.seal("sk-new", AAD))).toBe(false);
    const ring = new SecretKeyring(key);
    expect(ring.open(v2, AAD)).toBe("sk-v2-value");
    expect(ring.needsReseal(v2)).toBe(true);
    expect(ring.needsReseal(ring.seal("x", AAD))).toBe(false);
  });

  it("still refuses a value of another key, naming the current id", () => {
    const other = SecretKey.fromString("another passphrase entirely");
    expect(() => key.open(other.seal("x", AAD), AAD)).toThrow(`not the current key ${key.id}`);
  });

  it("leaves raw keys (64 hex characters, key files) as they were: their id is SHA-256 of the key", () => {
    const hex = randomBytes(32).toString("hex");
    const raw = SecretKey.fromString(hex);
    expect(raw.id).toBe(createHash("sha256").update(Buffer.from(hex, "hex")).digest("hex").slice(0, 12));
    expect(raw.needsReseal(raw.seal("x", AAD))).toBe(false);
  });
});
