import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-database";
import { listCredentials, readCredential, rotateCredentials, setCredential } from "./provider-credentials";
import { SecretKey } from "./secret-box";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

const actor = { kind: "system" as const, id: "s", name: "test", roles: ["admin" as const] };

describe("provider credentials", () => {
  it("replaces a key in place and rotates every key to a new secret", async () => {
    const a = SecretKey.fromString("first secret");
    const b = SecretKey.fromString("second secret");
    await setCredential(t.db, actor, "openai", "sk-openai-old-0000000", a);
    await setCredential(t.db, actor, "openai", "sk-openai-new-1111111", a);
    await setCredential(t.db, actor, "anthropic", "sk-ant-api03-2222222", a);
    expect((await listCredentials(t.db)).map((c) => [c.provider, c.hint])).toEqual([
      ["anthropic", "sk-…2222"],
      ["openai", "sk-…1111"],
    ]);
    expect(await rotateCredentials(t.db, a, b)).toBe(2);
    expect(await readCredential(t.db, "openai", b)).toBe("sk-openai-new-1111111");
    expect(await readCredential(t.db, "anthropic", b)).toBe("sk-ant-api03-2222222");
    await expect(readCredential(t.db, "openai", a)).rejects.toThrow(/sealed with key/);
    expect(await readCredential(t.db, "mistral", b)).toBeNull();
  });
});
