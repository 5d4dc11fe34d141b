/**
 * Connections through their routes (SQLite, and PostgreSQL when ATELIER_TEST_PG_URL is set):
 * create, list, get, change (a secret kept by leaving out its value), delete; a secret value in no
 * answer, no audit entry and no database row in clear; the 8-character floor, bad names, 404, 409;
 * mutation for admins only and plain values for admins and authors; the runtime's read; a sealed
 * value bound to its connection and field; `npm run secret:rotate` and the start re-sealing them.
 */
import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createRoleTokens } from "@/lib/api/testing/role-tokens";
import { resealStaleSecrets, rotateKeyFile } from "@/lib/auth/rotate-secret-key";
import type { Role } from "@/lib/auth/roles.shared";
import { loadSecretKeyring, readKeyFile } from "@/lib/auth/secret-box";
import { ConnectionSecretError } from "@/lib/connections/connection-secrets";
import { readConnectionValues } from "@/lib/connections/read-connection-values";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { closeServer } from "@/lib/server/server";
import { ROTATION_RESEALERS, STALE_RESEALERS } from "@/scripts/lib/secret-resealers";
import * as list from "./route";
import * as one from "./[name]/route";

let t: TestDatabase;
let dir: string;
let keyFile: string;
const ADMIN = "connections-int-admin-token-0123456789";
const savedEnv = { ...process.env };
const tokens: Partial<Record<Role, string>> = {};
const OTHERS = ["viewer", "operator", "author", "approver"] as const;

const SECRET = "wx-SECRET-value-0123456789";
const SECRET2 = "wx-ROTATED-value-9876543210";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  delete process.env.ATELIER_SECRET;
  dir = mkdtempSync(path.join(os.tmpdir(), "atelier-connections-"));
  keyFile = path.join(dir, "secret.key");
  process.env.ATELIER_SECRET_FILE = keyFile;
  Object.assign(tokens, await createRoleTokens(t.db, OTHERS, "connections.test"));
});
afterAll(async () => {
  await closeServer();
  process.env = savedEnv;
  await t?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const bearer = (role?: Role) => (role && role !== "admin" ? tokens[role]! : ADMIN);
const create = (body: unknown, role?: Role) => callRoute(list.POST, "/api/connections", { body, bearer: bearer(role) });
const listAll = (role?: Role) => callRoute(list.GET, "/api/connections", { bearer: bearer(role) });
const get = (name: string, role?: Role) =>
  callRoute(one.GET, `/api/connections/${name}`, { params: { name }, bearer: bearer(role) });
const put = (name: string, body: unknown, role?: Role) =>
  callRoute(one.PUT, `/api/connections/${name}`, { method: "PUT", params: { name }, body, bearer: bearer(role) });
const del = (name: string, role?: Role) =>
  callRoute(one.DELETE, `/api/connections/${name}`, { method: "DELETE", params: { name }, bearer: bearer(role) });

/** Every place a secret could leak to: audit entries and the stored rows (in clear or base64). */
async function expectNowhereInClear(secret: string) {
  const audit = JSON.stringify(await t.db.auditLog.findMany());
  const rows = JSON.stringify(await t.db.connectionField.findMany());
  for (const where of [audit, rows]) {
    expect(where).not.toContain(secret);
    expect(where).not.toContain(Buffer.from(secret).toString("base64"));
  }
}

const weather = {
  name: "weather",
  description: "The weather service",
  fields: [
    { name: "apiKey", secret: true, value: SECRET },
    { name: "baseUrl", secret: false, value: "https://api.weather.example" },
    { name: "region", secret: false },
  ],
};

describe("create, list, get", () => {
  it("creates a connection: 201 with set flags, the plain value, never the secret", async () => {
    const res = await create(weather);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      name: "weather",
      description: "The weather service",
      fields: [
        { name: "apiKey", secret: true, set: true, updatedAt: expect.any(String) },
        {
          name: "baseUrl",
          secret: false,
          set: true,
          value: "https://api.weather.example",
          updatedAt: expect.any(String),
        },
        { name: "region", secret: false, set: false, updatedAt: expect.any(String) },
      ],
    });
    const row = await t.db.connectionField.findFirstOrThrow({ where: { name: "apiKey" } });
    expect(row.value).toBeNull();
    expect(row.ciphertext?.startsWith("v2:")).toBe(true);
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { action: "connection.create" } });
    expect(audit.target).toBe("weather");
    await expectNowhereInClear(SECRET);
  });

  it("lists and gets it; a name taken is 409, an unknown one 404", async () => {
    const all = await listAll();
    expect(all.status).toBe(200);
    expect(all.json.connections.map((c: { name: string }) => c.name)).toEqual(["weather"]);
    expect(JSON.stringify(all.json)).not.toContain(SECRET);
    const got = await get("weather");
    expect(got.status).toBe(200);
    expect(got.json).toEqual(all.json.connections[0]);
    expect((await create({ name: "weather", fields: [] })).status).toBe(409);
    for (const res of [await get("nope"), await put("nope", { fields: [] }), await del("nope")]) {
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
  });

  it("gives the runtime every value, secrets opened; `complete` when every field is set", async () => {
    await create({ name: "billing", fields: [{ name: "token", secret: true, value: "bl-0123456789" }] });
    const all = await readConnectionValues(t.db);
    expect([...all.keys()]).toEqual(["billing", "weather"]);
    expect(all.get("weather")).toEqual({
      name: "weather",
      complete: false, // region is unset
      plain: { baseUrl: "https://api.weather.example" },
      secrets: { apiKey: SECRET },
    });
    expect(all.get("billing")!.complete).toBe(true);
    const only = await readConnectionValues(t.db, ["billing", "unknown"]);
    expect([...only.keys()]).toEqual(["billing"]);
    expect((await readConnectionValues(t.db, [])).size).toBe(0);
  });
});

describe("refused input", () => {
  it("a secret value under 8 characters is a 400 naming the field (POST and PUT)", async () => {
    const short = { name: "short", fields: [{ name: "apiKey", secret: true, value: "1234567" }] };
    const res = await create(short);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.message).toContain("'apiKey'");
    expect(JSON.stringify(res.json)).not.toContain("1234567");
    const upd = await put("weather", { fields: [{ name: "apiKey", secret: true, value: "tiny" }] });
    expect(upd.status).toBe(400);
    expect(upd.json.error.message).toContain("'apiKey'");
    expect((await get("short")).status).toBe(404);
  });

  it("bad connection or field names, duplicate fields, a bad name in the path: 400", async () => {
    for (const body of [
      { name: "bad-name", fields: [] },
      { name: "9lives", fields: [] },
      { name: "ok", fields: [{ name: "has space", secret: false }] },
      {
        name: "ok",
        fields: [
          { name: "a", secret: false },
          { name: "a", secret: false },
        ],
      },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
    }
    expect((await get("bad-name")).status).toBe(400);
    expect((await listAll()).json.connections).toHaveLength(2);
  });

  it("a field changing between secret and plain without its value: 400, nothing changed", async () => {
    const res = await put("weather", { fields: [{ name: "apiKey", secret: false }] });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/'apiKey' changes from secret to plain/);
    expect((await readConnectionValues(t.db, ["weather"])).get("weather")!.secrets.apiKey).toBe(SECRET);
  });
});

describe("change and delete", () => {
  it("keeps a secret sent without value, changes a plain one, adds and removes fields", async () => {
    const before = await t.db.connectionField.findFirstOrThrow({ where: { name: "apiKey" } });
    const res = await put("weather", {
      fields: [
        { name: "apiKey", secret: true },
        { name: "baseUrl", secret: false, value: "https://v2.weather.example" },
        { name: "units", secret: false, value: "metric" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.description).toBe("The weather service"); // kept
    expect(res.json.fields.map((f: { name: string }) => f.name)).toEqual(["apiKey", "baseUrl", "units"]);
    expect(res.json.fields[0]).toEqual({ name: "apiKey", secret: true, set: true, updatedAt: expect.any(String) });
    const after = await t.db.connectionField.findFirstOrThrow({ where: { name: "apiKey" } });
    expect(after.ciphertext).toBe(before.ciphertext);
    expect(after.updatedAt.toISOString()).toBe(before.updatedAt.toISOString());
    const values = (await readConnectionValues(t.db, ["weather"])).get("weather")!;
    expect(values).toEqual({
      name: "weather",
      complete: true,
      plain: { baseUrl: "https://v2.weather.example", units: "metric" },
      secrets: { apiKey: SECRET },
    });
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { action: "connection.update" } });
    expect(JSON.parse(JSON.stringify(audit.details))).toEqual({
      added: ["units"],
      changed: ["baseUrl"],
      removed: ["region"],
    });
  });

  it("replaces a secret, clears a field with null; no answer or audit entry carries either secret", async () => {
    const res = await put("weather", {
      description: "Weather, v2",
      fields: [
        { name: "apiKey", secret: true, value: SECRET2 },
        { name: "baseUrl", secret: false, value: "https://v2.weather.example" },
        { name: "units", secret: false, value: null },
      ],
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.json)).not.toContain(SECRET2);
    expect(res.json.fields[2]).toMatchObject({ name: "units", set: false });
    expect((await readConnectionValues(t.db, ["weather"])).get("weather")!.secrets.apiKey).toBe(SECRET2);
    const last = await t.db.auditLog.findFirstOrThrow({
      where: { action: "connection.update" },
      orderBy: { createdAt: "desc" },
    });
    expect(JSON.parse(JSON.stringify(last.details))).toEqual({
      added: [],
      changed: ["apiKey", "units"],
      removed: [],
      description: true,
    });
    for (const s of [SECRET, SECRET2]) await expectNowhereInClear(s);
    expect(JSON.stringify((await listAll()).json)).not.toContain(SECRET2);
  });

  it("deletes: {deleted}, its fields gone, audited; then 404", async () => {
    await create({ name: "scratch", fields: [{ name: "pw", secret: true, value: "scratch-012345" }] });
    const res = await del("scratch");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: "scratch" });
    expect(await t.db.connectionField.count({ where: { name: "pw" } })).toBe(0);
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { action: "connection.delete" } });
    expect(audit.target).toBe("scratch");
    expect(JSON.parse(JSON.stringify(audit.details))).toEqual({ fields: ["pw"] });
    expect((await get("scratch")).status).toBe(404);
  });
});

describe("roles", () => {
  it("only admins create, change and delete (403, nothing changed)", async () => {
    for (const role of OTHERS) {
      expect((await create({ name: `by_${role}`, fields: [] }, role)).status, role).toBe(403);
      expect((await put("weather", { fields: [] }, role)).status, role).toBe(403);
      expect((await del("weather", role)).status, role).toBe(403);
    }
    expect((await get("weather")).json.fields).toHaveLength(3);
    expect(await t.db.connection.count()).toBe(2);
  });

  it("every role lists; plain values for authors (and admins) only; secrets for nobody", async () => {
    for (const role of OTHERS) {
      const res = await listAll(role);
      expect(res.status, role).toBe(200);
      const baseUrl = res.json.connections
        .find((c: { name: string }) => c.name === "weather")
        .fields.find((f: { name: string }) => f.name === "baseUrl");
      expect(baseUrl.set).toBe(true);
      if (role === "author") expect(baseUrl.value).toBe("https://v2.weather.example");
      else expect(baseUrl.value, role).toBeUndefined();
      expect(JSON.stringify(res.json)).not.toContain(SECRET2);
      expect((await get("weather", role)).status).toBe(200);
    }
  });
});

describe("sealing", () => {
  it("a sealed value moved onto another field or connection does not open", async () => {
    const sealed = await t.db.connectionField.findFirstOrThrow({ where: { name: "token" } });
    const billing = await t.db.connection.findFirstOrThrow({ where: { name: "billing" } });
    await t.db.connectionField.create({
      data: {
        connectionId: billing.id,
        name: "stolen",
        secret: true,
        ciphertext: sealed.ciphertext,
        iv: sealed.iv,
        authTag: sealed.authTag,
        keyId: sealed.keyId,
      },
    });
    const err = await readConnectionValues(t.db, ["billing"]).catch((e: unknown) => e);
    expect(ConnectionSecretError.is(err)).toBe(true);
    expect((err as Error).message).toMatch(/'stolen' of connection 'billing'/);
    await t.db.connectionField.deleteMany({ where: { name: "stolen" } });
  });

  it("npm run secret:rotate re-seals connection secrets under the new key; they still open", async () => {
    const before = readKeyFile(keyFile);
    const r = await rotateKeyFile(t.db, keyFile, {}, ROTATION_RESEALERS);
    expect(r.from).toBe(before.id);
    const secrets = await t.db.connectionField.findMany({ where: { secret: true, ciphertext: { not: null } } });
    expect(secrets.length).toBe(2);
    expect(r.count).toBeGreaterThanOrEqual(2);
    expect(secrets.every((s) => s.keyId === r.to && s.keyId !== before.id)).toBe(true);
    const all = await readConnectionValues(t.db);
    expect(all.get("weather")!.secrets.apiKey).toBe(SECRET2);
    expect(all.get("billing")!.secrets.token).toBe("bl-0123456789");
  });

  it("the start re-seals a value an older version sealed (the first format, nothing bound)", async () => {
    const key = loadSecretKeyring().current;
    const raw = Buffer.from(key.exportHex(), "hex");
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", raw, iv);
    const data = Buffer.concat([cipher.update("legacy-0123456789", "utf8"), cipher.final()]);
    const billing = await t.db.connection.findFirstOrThrow({ where: { name: "billing" } });
    await t.db.connectionField.create({
      data: {
        connectionId: billing.id,
        name: "legacy",
        secret: true,
        ciphertext: data.toString("base64"),
        iv: iv.toString("base64"),
        authTag: cipher.getAuthTag().toString("base64"),
        keyId: createHash("sha256").update(raw).digest("hex").slice(0, 12),
      },
    });
    expect(await resealStaleSecrets(t.db, STALE_RESEALERS)).toBe(1);
    const row = await t.db.connectionField.findFirstOrThrow({ where: { name: "legacy" } });
    expect(row.ciphertext?.startsWith("v2:")).toBe(true);
    expect((await readConnectionValues(t.db, ["billing"])).get("billing")!.secrets.legacy).toBe("legacy-0123456789");
  });
});
