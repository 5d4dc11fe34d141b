import { describe, expect, it } from "vitest";
import { HashGate } from "./hash-gate";
import { PasswordHasher } from "./password-hash";

const FAST = { N: 1024, r: 8, p: 1 };
const fast = () => new PasswordHasher(new HashGate(2, 8), FAST);

describe("password hashing (scrypt)", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const passwords = fast();
    const h = await passwords.hash("correct horse battery");
    expect(h).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await passwords.verify("correct horse battery", h)).toBe(true);
    expect(await passwords.verify("correct horse batterY", h)).toBe(false);
  });

  it("salts every hash", async () => {
    const passwords = fast();
    expect(await passwords.hash("same password!!")).not.toBe(await passwords.hash("same password!!"));
  });

  it("uses OWASP's cost by default", async () => {
    expect(await new PasswordHasher(new HashGate(2, 8)).hash("a long enough password")).toMatch(
      /^scrypt\$131072\$8\$1\$/,
    );
  });

  it("refuses malformed stored hashes instead of throwing", async () => {
    for (const bad of ["", "plain", "scrypt$1$2$3$x$y", "bcrypt$a$b$c$d$e"])
      expect(await fast().verify("x", bad)).toBe(false);
  });

  it("verifies an unknown user's guess against a dummy hash: false, at the same cost", async () => {
    expect(await fast().verifyNone("anything at all")).toBe(false);
  });

  it("every hash passes the process's gate: beyond its queue the caller is told to retry", async () => {
    const passwords = new PasswordHasher(new HashGate(1, 0), FAST);
    const results = await Promise.allSettled([passwords.hash("first one here"), passwords.hash("second one here")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
  });
});
