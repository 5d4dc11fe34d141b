/** A password hasher with cheap scrypt parameters and a gate of its own, for tests that create users. */
import { HashGate } from "../hash-gate";
import { PasswordHasher } from "../password-hash";

export function fastPasswords(): PasswordHasher {
  return new PasswordHasher(new HashGate(2, 8), { N: 1024, r: 8, p: 1 });
}
