/** Random opaque secrets (session ids, API tokens) and their stored SHA-256 digests. */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export function newSecret(prefix = ""): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

export function digest(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(digest(a));
  const y = Buffer.from(digest(b));
  return timingSafeEqual(x, y);
}
