/**
 * What the version before scrypt stretching wrote for a passphrase ATELIER_SECRET: its key id
 * (SHA-256 of SHA-256 of the passphrase) and sealed values in both formats — for tests that a
 * studio upgraded from it still opens them and re-seals them.
 */
import { createCipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

export function legacyPassphraseSeal(passphrase: string) {
  const sha = createHash("sha256").update(passphrase, "utf8").digest();
  const id = createHash("sha256").update(sha).digest("hex").slice(0, 12);
  const seal = (key: Buffer, plaintext: string, aad: string | null, prefix: (data: Buffer) => string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    if (aad !== null) cipher.setAAD(Buffer.from(aad, "utf8"));
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return {
      ciphertext: prefix(data),
      iv: iv.toString("base64"),
      authTag: cipher.getAuthTag().toString("base64"),
      keyId: id,
    };
  };
  return {
    id,
    /** Format v1: AES-256-GCM under SHA-256(passphrase), no salt, nothing bound. */
    v1: (plaintext: string) => seal(sha, plaintext, null, (data) => data.toString("base64")),
    /** Format v2: HKDF-SHA256(the passphrase's bytes, a random salt), the AAD bound. */
    v2(plaintext: string, aad: string) {
      const salt = randomBytes(16);
      const key = Buffer.from(hkdfSync("sha256", Buffer.from(passphrase, "utf8"), salt, "atelier secret-box v2", 32));
      return seal(key, plaintext, aad, (data) => `v2:${salt.toString("base64")}:${data.toString("base64")}`);
    },
  };
}
