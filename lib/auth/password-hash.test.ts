import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password-hash";

const FAST = { N: 1024, r: 8, p: 1 };

describe("password hashing (scrypt)", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const h = await hashPassword("correct horse battery", FAST);
    expect(h).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse battery", h)).toBe(true);
    expect(await verifyPassword("correct horse batterY", h)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password!!", FAST)).not.toBe(await hashPassword("same password!!", FAST));
  });

  it("uses OWASP's cost by default", async () => {
    expect(await hashPassword("a long enough password")).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it("refuses malformed stored hashes instead of throwing", async () => {
    for (const bad of ["", "plain", "scrypt$1$2$3$x$y", "bcrypt$a$b$c$d$e"])
      expect(await verifyPassword("x", bad)).toBe(false);
  });
});
