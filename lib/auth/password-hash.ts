/**
 * Password hashing with scrypt (node:crypto), at OWASP's recommended cost (N=2^17, r=8, p=1).
 * The parameters are stored with the hash, so they can be raised later without breaking old
 * hashes. Verification is constant-time. Every hash passes the hash gate (./hash-gate.ts), which
 * bounds how many run at once and refuses the excess with 429.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import type { HashGate } from "./hash-gate";

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (e, k) => (e ? reject(e) : resolve(k))),
  );

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEYLEN = 32;

/**
 * Hashes and verifies passwords through the process's hash gate. One per process, built by the
 * composition root (`server.passwords`, lib/server/server.ts); tests build one with cheap params.
 */
export class PasswordHasher {
  /** A hash no password matches, verified against when the user does not exist (same cost). */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly gate: HashGate,
    private readonly params: ScryptParams = DEFAULT_SCRYPT,
  ) {}

  async hash(password: string): Promise<string> {
    const { params } = this;
    const salt = randomBytes(16);
    const key = await this.gate.run(() =>
      scrypt(password.normalize("NFKC"), salt, KEYLEN, { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 }),
    );
    return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
  }

  /** Checks `password` against a stored hash (its own params), in constant time. */
  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split("$");
    if (parts.length !== 6 || parts[0] !== "scrypt") return false;
    const [N, r, p] = parts.slice(1, 4).map(Number);
    const salt = Buffer.from(parts[4], "base64url");
    const expected = Buffer.from(parts[5], "base64url");
    if (!N || !r || !p || expected.length !== KEYLEN) return false;
    const key = await this.gate.run(() =>
      scrypt(password.normalize("NFKC"), salt, KEYLEN, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }),
    );
    return timingSafeEqual(key, expected);
  }

  /** Verifies against a hash no password matches: an unknown e-mail costs what a known one does. */
  async verifyNone(password: string): Promise<false> {
    // A refused (busy) first attempt must not be remembered as the dummy for good.
    this.dummyHash ??= this.hash(randomBytes(16).toString("hex")).catch((e) => {
      this.dummyHash = null;
      throw e;
    });
    await this.verify(password, await this.dummyHash);
    return false;
  }
}
