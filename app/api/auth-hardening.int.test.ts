/**
 * Sign-in, first admin, sessions and health under attack: parallel guesses, spoofed
 * X-Forwarded-For, races for the first admin and the last admin, cookie flags, session lifetimes,
 * password change and what an anonymous caller learns from /api/health.
 */
import { fastPasswords } from "@/lib/auth/testing/fast-passwords";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { healthApi } from "@/lib/api/contracts/health.shared";
import { callRoute, cookieFrom } from "@/lib/api/testing/call-route";
import { HealthReport, PublicHealth } from "@/lib/db/health.shared";
import { createUser, setupFirstAdmin, updateUser } from "@/lib/auth/users";
import { createDb } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import * as health from "./health/route";
import * as me from "./auth/me/route";
import * as password from "./auth/password/route";
import * as setup from "./auth/setup/route";
import * as signIn from "./auth/sign-in/route";
import * as user from "./users/[id]/route";

let t: TestDatabase;
const TOKEN = "setup-token-for-the-hardening-tests";
const ADMIN = { email: "root@example.com", name: "Root", password: "the first admin passphrase" };
const SYSTEM = { kind: "system" as const, id: "system", name: "test", roles: ["admin" as const] };
const FAST = fastPasswords();
let adminCookie = "";
const ENV_KEYS = [
  "ATELIER_SETUP_TOKEN",
  "ATELIER_SETUP_TOKEN_FILE",
  "ATELIER_TRUST_PROXY",
  "ATELIER_TRUSTED_HOPS",
  "ATELIER_PUBLIC_URL",
];
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  t = await createTestDatabase();
});
afterEach(() => {
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
});
afterAll(async () => {
  await t?.cleanup();
});

const signInAs = (email: string, pw: string, headers: Record<string, string> = {}) =>
  callRoute(signIn.POST, "/api/auth/sign-in", { body: { email, password: pw }, headers });

describe("first admin", () => {
  it("needs the setup token: none or a wrong one is refused before any user exists", async () => {
    process.env.ATELIER_SETUP_TOKEN = TOKEN;
    const none = await callRoute(setup.POST, "/api/auth/setup", { body: ADMIN, sameOrigin: true });
    expect(none.status).toBe(403);
    expect(none.json.error.code).toBe("invalid_setup_token");
    const wrong = await callRoute(setup.POST, "/api/auth/setup", {
      body: { ...ADMIN, token: "not-the-token" },
      sameOrigin: true,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error.code).toBe("invalid_setup_token");
    expect(await t.db.user.count()).toBe(0);
  });

  it("is refused when the studio was started without a token (no variable, no file)", async () => {
    delete process.env.ATELIER_SETUP_TOKEN;
    process.env.ATELIER_SETUP_TOKEN_FILE = path.join(os.tmpdir(), `atelier-no-such-token-${process.pid}`);
    const res = await callRoute(setup.POST, "/api/auth/setup", { body: { ...ADMIN, token: "" }, sameOrigin: true });
    expect(res.status).toBe(403);
    expect(await t.db.user.count()).toBe(0);
  });

  it("parallel setups with the token create exactly one admin", async () => {
    process.env.ATELIER_SETUP_TOKEN = TOKEN;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        callRoute(setup.POST, "/api/auth/setup", {
          body: { ...ADMIN, email: i === 0 ? ADMIN.email : `racer${i}@example.com`, token: TOKEN },
          sameOrigin: true,
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await t.db.user.count()).toBe(1);
    const winner = results.find((r) => r.status === 201)!;
    const admin = await t.db.user.findFirstOrThrow();
    // Make the root admin known to the rest of the file, whichever racer won.
    await t.db.user.update({ where: { id: admin.id }, data: { email: ADMIN.email } });
    adminCookie = cookieFrom(winner);
  });

  it("reads the token from the 0600 file npm start writes, and deletes the file once used", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "atelier-setup-"));
    const file = path.join(dir, "setup-token");
    writeFileSync(file, "file-token-abcdef\n", { mode: 0o600 });
    const { ensureSetupToken } = await import("@/lib/auth/setup-token");
    // With users in the database the start script neither needs nor writes a token...
    expect(await ensureSetupToken(t.db, { file })).toBeNull();
    expect(existsSync(file)).toBe(false);
    // ...on a fresh database it writes one, mode 0600, and setup accepts it from the file.
    const fresh = await createTestDatabase();
    try {
      const token = await ensureSetupToken(fresh.db, { file });
      expect(token).toMatch(/^[\w-]{32,}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      delete process.env.ATELIER_SETUP_TOKEN;
      process.env.ATELIER_SETUP_TOKEN_FILE = file;
      const ok = await callRoute(setup.POST, "/api/auth/setup", { body: { ...ADMIN, token }, sameOrigin: true });
      expect(ok.status).toBe(201);
      expect(existsSync(file)).toBe(false);
    } finally {
      await fresh.cleanup();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Separate connections race as two server processes would. PostgreSQL only: better-sqlite3 waits
 * for a locked SQLite file synchronously, so two connections in one process would block each
 * other's event loop (lib/auth/user-lock.int.test.ts checks the SQLite lock instead; within one
 * process the SQLite adapter runs one transaction at a time).
 */
describe.runIf(process.env.ATELIER_TEST_PG_URL)("races between separate connections", () => {
  it("two connections setting up the first admin at once create one admin", async () => {
    const fresh = await createTestDatabase();
    const [db1, db2] = [createDb(fresh.target), createDb(fresh.target)];
    process.env.ATELIER_SETUP_TOKEN = TOKEN;
    try {
      const results = await Promise.allSettled(
        [db1, db2].map((db, i) => setupFirstAdmin(db, { ...ADMIN, email: `conn${i}@example.com`, token: TOKEN }, FAST)),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: "already_set_up" });
      expect(await fresh.db.user.count()).toBe(1);
    } finally {
      await db1.$disconnect();
      await db2.$disconnect();
      await fresh.cleanup();
    }
  });

  it("two connections demoting the only two admins at once leave one", async () => {
    const fresh = await createTestDatabase();
    const [db1, db2] = [createDb(fresh.target), createDb(fresh.target)];
    try {
      const a = await createUser(
        fresh.db,
        SYSTEM,
        { email: "a@example.com", name: "A", password: "admin a passphrase", roles: ["admin"] },
        FAST,
      );
      const b = await createUser(
        fresh.db,
        SYSTEM,
        { email: "b@example.com", name: "B", password: "admin b passphrase", roles: ["admin"] },
        FAST,
      );
      const results = await Promise.allSettled([
        updateUser(db1, SYSTEM, a.id, { roles: ["viewer"] }),
        updateUser(db2, SYSTEM, b.id, { active: false }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: "forbidden" });
      const admins = (await fresh.db.user.findMany({ where: { active: true } })).filter((u) =>
        u.roles.includes("admin"),
      );
      expect(admins).toHaveLength(1);
    } finally {
      await db1.$disconnect();
      await db2.$disconnect();
      await fresh.cleanup();
    }
  });
});

describe("the last admin", () => {
  it("two admins demoting each other at once leave one admin", async () => {
    // The fresh database above changed DATABASE_URL and back; make sure the root admin exists here.
    const root = await t.db.user.findUniqueOrThrow({ where: { email: ADMIN.email } });
    const other = await createUser(
      t.db,
      SYSTEM,
      { email: "second@example.com", name: "Second", password: "second admin passphrase", roles: ["admin"] },
      FAST,
    );
    const otherCookie = cookieFrom(await signInAs("second@example.com", "second admin passphrase"));
    const [a, b] = await Promise.all([
      callRoute(user.PUT, `/api/users/${other.id}`, {
        method: "PUT",
        cookie: adminCookie,
        sameOrigin: true,
        params: { id: other.id },
        body: { roles: ["viewer"] },
      }),
      callRoute(user.PUT, `/api/users/${root.id}`, {
        method: "PUT",
        cookie: otherCookie,
        sameOrigin: true,
        params: { id: root.id },
        body: { active: false },
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    const admins = (await t.db.user.findMany({ where: { active: true } })).filter((u) => u.roles.includes("admin"));
    expect(admins).toHaveLength(1);
    if (admins[0].email !== ADMIN.email) {
      // Root was deactivated: bring it back for the rest of the file.
      await t.db.user.update({ where: { id: root.id }, data: { active: true } });
      adminCookie = cookieFrom(await signInAs(ADMIN.email, ADMIN.password));
    }
  });
});

describe("sign-in limits", () => {
  it("12 parallel wrong passwords for one account: at most 5 are tried, the rest get 429", async () => {
    await createUser(
      t.db,
      SYSTEM,
      { email: "par@example.com", name: "Par", password: "the right passphrase", roles: ["viewer"] },
      FAST,
    );
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signInAs("par@example.com", `wrong guess ${i}`)),
    );
    const tried = results.filter((r) => r.status === 401).length;
    const refused = results.filter((r) => r.status === 429);
    expect(tried).toBeLessThanOrEqual(5);
    expect(tried + refused.length).toBe(12);
    expect(refused[0].json.error.code).toBe("too_many_attempts");
    expect(Number(refused[0].headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a client that forges the leftmost X-Forwarded-For entry gets no fresh limit", async () => {
    process.env.ATELIER_TRUST_PROXY = "1";
    await createUser(
      t.db,
      SYSTEM,
      { email: "xff@example.com", name: "Xff", password: "the right passphrase", roles: ["viewer"] },
      FAST,
    );
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await signInAs("xff@example.com", `guess ${i}`, { "x-forwarded-for": `10.9.9.${i}, 203.0.113.7` })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const failures = await t.db.auditLog.findMany({
      where: { action: "auth.sign_in_failed", target: "xff@example.com" },
    });
    const addresses = failures.map((f) => (typeof f.details === "string" ? JSON.parse(f.details) : f.details)?.address);
    expect(new Set(addresses)).toEqual(new Set(["203.0.113.7"]));
  });

  it("bounds concurrent password hashing: a burst of fresh e-mails gets 429 with Retry-After", async () => {
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => signInAs(`fresh${i}@example.com`, "some password guess")),
    );
    const busy = results.filter((r) => r.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0].json.error.code).toBe("server_busy");
    expect(Number(busy[0].headers.get("retry-after"))).toBeGreaterThan(0);
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
  });
});

describe("session cookie", () => {
  it("is Secure behind a trusted https proxy or with an https public URL, and not otherwise", async () => {
    const creds = { email: ADMIN.email, password: ADMIN.password };
    const proto = { "x-forwarded-proto": "https" };
    const plain = await callRoute(signIn.POST, "/api/auth/sign-in", { body: creds });
    expect(plain.headers.get("set-cookie")).not.toMatch(/Secure/);
    const untrusted = await callRoute(signIn.POST, "/api/auth/sign-in", { body: creds, headers: proto });
    expect(untrusted.headers.get("set-cookie")).not.toMatch(/Secure/);
    process.env.ATELIER_TRUST_PROXY = "1";
    const trusted = await callRoute(signIn.POST, "/api/auth/sign-in", { body: creds, headers: proto });
    expect(trusted.headers.get("set-cookie")).toMatch(/; Secure/);
    delete process.env.ATELIER_TRUST_PROXY;
    process.env.ATELIER_PUBLIC_URL = "https://studio.example.com";
    const publicUrl = await callRoute(signIn.POST, "/api/auth/sign-in", { body: creds });
    expect(publicUrl.headers.get("set-cookie")).toMatch(/; Secure/);
  });

  it("ends at its absolute lifetime even while in use", async () => {
    const cookie = cookieFrom(await signInAs(ADMIN.email, ADMIN.password));
    expect((await callRoute(me.GET, "/api/auth/me", { cookie })).status).toBe(200);
    const { digest } = await import("@/lib/auth/opaque-token");
    const hash = digest(decodeURIComponent(cookie.split("=")[1]));
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    await t.db.session.update({
      where: { tokenHash: hash },
      data: { createdAt: eightDaysAgo, lastSeenAt: new Date(), expiresAt: new Date(Date.now() + 3600_000) },
    });
    expect((await callRoute(me.GET, "/api/auth/me", { cookie })).status).toBe(401);
  });
});

describe("password change", () => {
  it("needs the current password, then ends the user's other sessions but not this one", async () => {
    await createUser(
      t.db,
      SYSTEM,
      { email: "pat@example.com", name: "Pat", password: "pat's old passphrase", roles: ["viewer"] },
      FAST,
    );
    const here = cookieFrom(await signInAs("pat@example.com", "pat's old passphrase"));
    const elsewhere = cookieFrom(await signInAs("pat@example.com", "pat's old passphrase"));
    const wrong = await callRoute(password.POST, "/api/auth/password", {
      cookie: here,
      sameOrigin: true,
      body: { currentPassword: "not my password", newPassword: "pat's new passphrase" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.issues).toEqual([
      { path: "currentPassword", message: "The current password is not right.", code: "custom" },
    ]);
    const weak = await callRoute(password.POST, "/api/auth/password", {
      cookie: here,
      sameOrigin: true,
      body: { currentPassword: "pat's old passphrase", newPassword: "short" },
    });
    expect(weak.status).toBe(400);
    const ok = await callRoute(password.POST, "/api/auth/password", {
      cookie: here,
      sameOrigin: true,
      body: { currentPassword: "pat's old passphrase", newPassword: "pat's new passphrase" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ changed: true, endedSessions: 1, revokedTokens: 0 });
    expect((await callRoute(me.GET, "/api/auth/me", { cookie: here })).status).toBe(200);
    expect((await callRoute(me.GET, "/api/auth/me", { cookie: elsewhere })).status).toBe(401);
    expect((await signInAs("pat@example.com", "pat's old passphrase")).status).toBe(401);
    expect((await signInAs("pat@example.com", "pat's new passphrase")).status).toBe(200);
    const audit = await t.db.auditLog.count({ where: { action: "auth.password_changed" } });
    expect(audit).toBe(1);
  });

  it("is refused for a cross-site request", async () => {
    const cookie = cookieFrom(await signInAs(ADMIN.email, ADMIN.password));
    const csrf = await callRoute(password.POST, "/api/auth/password", {
      cookie,
      headers: { origin: "https://evil.example" },
      body: { currentPassword: ADMIN.password, newPassword: "an attacker's passphrase" },
    });
    expect(csrf.status).toBe(403);
  });
});

describe("/api/health", () => {
  it("tells an anonymous caller only ok or degraded", async () => {
    const res = await callRoute(health.GET, "/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok" });
    // A Response (status 503 when down), so defineRoute does not check it: the test does.
    expect(PublicHealth.safeParse(res.json).success).toBe(true);
  });

  it("gives a signed-in user the database, migrations and version", async () => {
    const res = await callRoute(health.GET, "/api/health", { cookie: adminCookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: "ok",
      version: expect.any(String),
      database: { kind: t.target.kind, reachable: true, migrations: { pending: [] } },
    });
    expect(HealthReport.safeParse(res.json).error).toBeUndefined();
    expect(healthApi.get.response.safeParse(res.json).success).toBe(true);
  });
});
