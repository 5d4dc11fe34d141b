/**
 * The first start after the upgrade that stretches a passphrase ATELIER_SECRET with scrypt: every
 * secret the previous version sealed (provider keys and MCP server headers, under SHA-256 of the
 * passphrase, in either format) is opened and re-sealed under the new key, so the weak key id
 * leaves the database. The rows are written here exactly as the previous version wrote them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { credentialAad, readAllCredentials } from "../../lib/auth/provider-credentials";
import { SecretKey, SecretKeyring } from "../../lib/auth/secret-box";
import { legacyPassphraseSeal } from "../../lib/auth/testing/legacy-passphrase-seal";
import { jsonColumn } from "../../lib/db/json-column";
import { createTestDatabase, type TestDatabase } from "../../lib/db/testing/test-database";
import { MCP_HEADERS_AAD, openHeaders } from "../../lib/mcp/mcp-server-store";
import { prepareDatabase } from "./prepare-database";

const PASSPHRASE = "the studio's old passphrase";
/** The rows exactly as the previous version wrote them. */
const legacy = legacyPassphraseSeal(PASSPHRASE);
const OLD_ID = legacy.id;
const oldV1 = legacy.v1;
const oldV2 = legacy.v2;

let t: TestDatabase;
const saved = { secret: process.env.ATELIER_SECRET, demo: process.env.ATELIER_DEMO };
beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_DEMO = "0";
});
afterEach(() => {
  if (saved.secret === undefined) delete process.env.ATELIER_SECRET;
  else process.env.ATELIER_SECRET = saved.secret;
});
afterAll(async () => {
  if (saved.demo === undefined) delete process.env.ATELIER_DEMO;
  else process.env.ATELIER_DEMO = saved.demo;
  await t?.cleanup();
});

describe("the first start after the upgrade", () => {
  it("re-seals every secret the previous version sealed under a passphrase, once", async () => {
    process.env.ATELIER_SECRET = PASSPHRASE;
    // The database as the previous version left it (migrated and seeded, then secrets saved).
    await prepareDatabase(() => {});
    const workspace = await t.db.workspace.findFirstOrThrow();
    const rows = [
      { provider: "openai", variable: "OPENAI_API_KEY", baseUrl: null, value: "sk-openai-v1-value", v1: true },
      { provider: "anthropic", variable: "ANTHROPIC_API_KEY", baseUrl: null, value: "sk-ant-v2-value", v1: false },
      {
        provider: "openai-compatible",
        variable: "OPENAI_COMPATIBLE_API_KEY",
        baseUrl: "https://llm.corp.example/v1",
        value: "sk-compat-v2-value",
        v1: false,
      },
    ];
    for (const r of rows) {
      const sealed = r.v1 ? oldV1(r.value) : oldV2(r.value, credentialAad(r.provider, r.variable, r.baseUrl));
      await t.db.providerCredential.create({
        data: { provider: r.provider, variable: r.variable, baseUrl: r.baseUrl, hint: "…", ...sealed },
      });
    }
    const headers = oldV2(JSON.stringify({ Authorization: "Bearer mcp-secret" }), MCP_HEADERS_AAD);
    await t.db.mcpServer.create({
      data: {
        workspaceId: workspace.id,
        name: "crm",
        transport: "http",
        url: "https://mcp.example/mcp",
        headerNames: jsonColumn(["Authorization"]),
        headersCiphertext: headers.ciphertext,
        headersIv: headers.iv,
        headersAuthTag: headers.authTag,
        headersKeyId: headers.keyId,
      },
    });

    const lines: string[] = [];
    await prepareDatabase((l) => lines.push(l));
    expect(lines).toContain("atelier: re-sealed 4 secret(s) saved by an older version under the current key");

    const current = SecretKey.fromString(PASSPHRASE).id;
    expect(current).not.toBe(OLD_ID);
    const stored = await t.db.providerCredential.findMany();
    expect(stored.map((r) => r.keyId)).toEqual([current, current, current]);
    expect(stored.every((r) => r.ciphertext.startsWith("v2:"))).toBe(true);
    const server = await t.db.mcpServer.findFirstOrThrow({ where: { name: "crm" } });
    expect(server.headersKeyId).toBe(current);
    // The same values, and nothing left that the old derivation sealed.
    const fresh = new SecretKeyring(SecretKey.fromString(PASSPHRASE));
    expect(stored.some((r) => fresh.needsReseal(r))).toBe(false);
    expect(await readAllCredentials(t.db, fresh)).toMatchObject({
      openai: "sk-openai-v1-value",
      anthropic: "sk-ant-v2-value",
      "openai-compatible": "sk-compat-v2-value",
    });
    expect(openHeaders(server, fresh)).toEqual({ Authorization: "Bearer mcp-secret" });

    const again: string[] = [];
    await prepareDatabase((l) => again.push(l));
    expect(again.some((l) => l.includes("re-sealed"))).toBe(false);
  });

  it("a start with no saved secret touches no key (no key file is created)", async () => {
    delete process.env.ATELIER_SECRET;
    await t.db.providerCredential.deleteMany();
    await t.db.mcpServer.deleteMany();
    const lines: string[] = [];
    await prepareDatabase((l) => lines.push(l));
    expect(lines.some((l) => l.includes("re-sealed"))).toBe(false);
  });
});
