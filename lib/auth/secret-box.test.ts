import { describe, expect, it } from "vitest";
import { maskSecret, SecretKey } from "./secret-box";

describe("SecretKey (AES-256-GCM)", () => {
  const key = SecretKey.fromString("a passphrase for tests");

  it("round-trips and never stores the plaintext", () => {
    const sealed = key.seal("sk-proj-1234567890abcdef", "t");
    expect(JSON.stringify(sealed)).not.toContain("1234567890abcdef");
    expect(key.open(sealed, "t")).toBe("sk-proj-1234567890abcdef");
  });

  it("uses a fresh IV for every value", () => {
    expect(key.seal("same", "t").ciphertext).not.toBe(key.seal("same", "t").ciphertext);
  });

  it("detects tampering", () => {
    const sealed = key.seal("sk-secret-value", "t");
    const [v, salt, body] = sealed.ciphertext.split(":");
    const flipped = Buffer.from(body, "base64");
    flipped[0] ^= 1;
    expect(() => key.open({ ...sealed, ciphertext: `${v}:${salt}:${flipped.toString("base64")}` }, "t")).toThrow();
  });

  it("refuses a value sealed under another key, naming both ids", () => {
    const other = SecretKey.generate();
    expect(() => other.open(key.seal("x", "t"), "t")).toThrow(
      `This value was sealed with key ${key.id}, not the current key ${other.id}.`,
    );
  });

  it("accepts 64 hex characters as the raw key", () => {
    const hex = SecretKey.generate().exportHex();
    expect(SecretKey.fromString(hex).exportHex()).toBe(hex);
  });

  it.each([
    ["sk-proj-abcdefghijklmnop1234", "sk-…1234"],
    ["AIzaSyABCDEFGHIJ9876", "…9876"],
    ["short", "…"],
  ])("masks %s as %s", (value, hint) => {
    expect(maskSecret(value)).toBe(hint);
  });
});
