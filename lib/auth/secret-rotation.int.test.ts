/**
 * Saved provider keys: bound to their provider, variable (and base URL) as associated data; old-format
 * rows migrated on read and on rotation; rotation crash-safe at every step.
 */
import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-database";
import { readAllCredentials, readCredential, setCredential } from "./provider-credentials";
import { rotateKeyFile } from "./rotate-secret-key";
import { loadSecretKeyring, readKeyFile, SecretKey, writeKeyFile } from "./secret-box";

let t: TestDatabase;
let dir: string;
let file: string;
const saved = { secret: process.env.ATELIER_SECRET, file: process.env.ATELIER_SECRET_FILE };
const actor = { kind: "system" as const, id: "s", name: "test", roles: ["admin" as const] };

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.cleanup();
  if (saved.secret !== undefined) process.env.ATELIER_SECRET = saved.secret;
  if (saved.file === undefined) delete process.env.ATELIER_SECRET_FILE;
  else process.env.ATELIER_SECRET_FILE = saved.file;
});
beforeEach(async () => {
  delete process.env.ATELIER_SECRET;
  dir = mkdtempSync(path.join(os.tmpdir(), "atelier-rotate-"));
  file = path.join(dir, "secret.key");
  process.env.ATELIER_SECRET_FILE = file;
  await t.db.providerCredential.deleteMany();
  return () => rmSync(dir, { recursive: true, force: true });
});

/** A row as the first format wrote it: AES-GCM under the raw key, no salt, nothing bound. */
async function insertLegacyRow(key: SecretKey, provider: string, variable: string, value: string) {
  const raw = Buffer.from(key.exportHex(), "hex");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", raw, iv);
  const data = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  await t.db.providerCredential.create({
    data: {
      provider,
      variable,
      ciphertext: data.toString("base64"),
      iv: iv.toString("base64"),
      authTag: cipher.getAuthTag().toString("base64"),
      keyId: createHash("sha256").update(raw).digest("hex").slice(0, 12),
      hint: "sk-…old",
    },
  });
}

describe("binding", () => {
  it("a sealed row moved onto another provider, or re-pointed at another base URL, does not open", async () => {
    await setCredential(t.db, actor, "openai", "sk-openai-secret-123");
    await setCredential(
      t.db,
      actor,
      "openai-compatible",
      "sk-compat-secret-456",
      undefined,
      "https://llm.corp.example/v1",
    );
    const openai = await t.db.providerCredential.findFirstOrThrow({ where: { provider: "openai" } });
    await t.db.providerCredential.update({
      where: { id: openai.id },
      data: { provider: "mistral", variable: "MISTRAL_API_KEY" },
    });
    await expect(readCredential(t.db, "mistral")).rejects.toThrow();
    await t.db.providerCredential.updateMany({
      where: { provider: "openai-compatible" },
      data: { baseUrl: "https://evil.example/v1" },
    });
    await expect(readCredential(t.db, "openai-compatible")).rejects.toThrow();
  });

  it("an openai-compatible key needs its base URL, and the keys read back with it", async () => {
    await expect(setCredential(t.db, actor, "openai-compatible", "sk-compat-secret-456")).rejects.toThrow(/baseUrl/);
    await expect(
      setCredential(t.db, actor, "openai", "sk-openai-secret-123", undefined, "https://x.example"),
    ).rejects.toThrow(/only saved with an openai-compatible key/);
    await setCredential(
      t.db,
      actor,
      "openai-compatible",
      "sk-compat-secret-456",
      undefined,
      "https://llm.corp.example/v1",
    );
    expect(await readAllCredentials(t.db)).toEqual({
      "openai-compatible": "sk-compat-secret-456",
      baseUrls: { "openai-compatible": "https://llm.corp.example/v1" },
    });
  });
});

describe("old-format rows", () => {
  it("still decrypt, and are re-sealed in the current format when read", async () => {
    const key = SecretKey.generate();
    writeKeyFile(file, key);
    await insertLegacyRow(key, "openai", "OPENAI_API_KEY", "sk-from-before-789");
    expect((await readAllCredentials(t.db)).openai).toBe("sk-from-before-789");
    const row = await t.db.providerCredential.findFirstOrThrow({ where: { provider: "openai" } });
    expect(row.ciphertext.startsWith("v2:")).toBe(true);
    expect(await readCredential(t.db, "openai")).toBe("sk-from-before-789");
  });
});

describe("rotation", () => {
  async function seed() {
    const key = SecretKey.generate();
    writeKeyFile(file, key);
    await insertLegacyRow(key, "anthropic", "ANTHROPIC_API_KEY", "sk-ant-legacy-000");
    await setCredential(t.db, actor, "openai", "sk-openai-current-111");
    return key;
  }
  const readsAll = async () => {
    const all = await readAllCredentials(t.db, loadSecretKeyring());
    expect(all.anthropic).toBe("sk-ant-legacy-000");
    expect(all.openai).toBe("sk-openai-current-111");
  };

  it("re-encrypts every row under a new key file and migrates old-format rows", async () => {
    const before = await seed();
    const r = await rotateKeyFile(t.db, file);
    expect(r).toMatchObject({ count: 2, from: before.id, resumed: false });
    expect(readKeyFile(file).id).toBe(r.to);
    expect(readKeyFile(`${file}.old`).id).toBe(before.id);
    expect(existsSync(`${file}.new`)).toBe(false);
    const rows = await t.db.providerCredential.findMany();
    expect(rows.every((row) => row.keyId === r.to && row.ciphertext.startsWith("v2:"))).toBe(true);
    await readsAll();
  });

  it("writes the new key before touching a row, and a crash right after leaves everything readable", async () => {
    await seed();
    await expect(
      rotateKeyFile(t.db, file, {
        afterNewKey: () => {
          expect(existsSync(`${file}.new`)).toBe(true);
          throw new Error("crash");
        },
      }),
    ).rejects.toThrow("crash");
    await readsAll();
    const done = await rotateKeyFile(t.db, file);
    expect(done.resumed).toBe(true);
    await readsAll();
  });

  it("a crash after re-encryption but before the switch leaves every row readable, and a rerun finishes", async () => {
    const before = await seed();
    const pendingKey: { id?: string } = {};
    await expect(
      rotateKeyFile(t.db, file, {
        afterReencrypt: () => {
          pendingKey.id = readKeyFile(`${file}.new`).id;
          throw new Error("crash");
        },
      }),
    ).rejects.toThrow("crash");
    expect(readKeyFile(file).id).toBe(before.id); // not switched yet
    expect((await t.db.providerCredential.findMany()).every((row) => row.keyId === pendingKey.id)).toBe(true);
    await readsAll(); // the server's keyring includes <file>.new
    const done = await rotateKeyFile(t.db, file);
    expect(done).toMatchObject({ resumed: true, to: pendingKey.id });
    expect(readFileSync(file, "utf8").trim()).toBe(readKeyFile(file).exportHex());
    expect(readKeyFile(file).id).toBe(pendingKey.id);
    await readsAll();
  });
});
