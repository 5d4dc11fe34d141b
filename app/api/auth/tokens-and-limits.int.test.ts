/**
 * A password change also revokes the user's API tokens (a token made by whoever knew the old
 * password must not outlive it), and bearer-token failures are limited like sign-in failures:
 * after 30 from one address (or 300 from callers the studio cannot tell apart) within 15 minutes,
 * every bearer request from there is refused with 429 and Retry-After — a valid token too, so a
 * guesser learns nothing while refused.
 */
import { fastPasswords } from "@/lib/auth/testing/fast-passwords";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { createSession, SESSION_COOKIE } from "@/lib/auth/sessions";
import { createUser } from "@/lib/auth/users";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { closeServer } from "@/lib/server/server";
import * as me from "../auth/me/route";
import * as password from "../auth/password/route";
import * as health from "../health/route";
import * as tokens from "../tokens/route";

let t: TestDatabase;
const SYSTEM = { kind: "system" as const, id: "system", name: "test", roles: ["admin" as const] };
const FAST = fastPasswords();
const ENV_KEYS = ["ATELIER_TRUST_PROXY", "ATELIER_TRUSTED_HOPS", "ATELIER_ADMIN_TOKEN"];
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
  await closeServer();
  await t?.cleanup();
});

async function userWithTokens(label: string, count: number) {
  const user = await createUser(
    t.db,
    SYSTEM,
    { email: `${label}@tokens.test`, name: label, password: `${label}'s old passphrase`, roles: ["operator"] },
    FAST,
  );
  const owner = { kind: "user" as const, id: user.id, name: user.name, roles: user.roles };
  const secrets: string[] = [];
  for (let i = 0; i < count; i++)
    secrets.push(
      (await createApiToken(t.db, owner, { name: `${label}-${i}`, role: "operator", expiresInDays: null })).token,
    );
  const cookie = `${SESSION_COOKIE}=${(await createSession(t.db, user.id)).secret}`;
  return { user, secrets, cookie };
}

const whoAmIFrom = (bearer: string, address?: string) =>
  callRoute(me.GET, "/api/auth/me", { bearer, headers: address ? { "x-forwarded-for": address } : {} });

describe("a password change", () => {
  it("revokes every API token of the user (and no one else's), and says how many", async () => {
    process.env.ATELIER_TRUST_PROXY = "1"; // its refused tokens count for 192.0.2.1 only (see the last test)
    const whoAmI = (bearer: string) => whoAmIFrom(bearer, "192.0.2.1");
    const sam = await userWithTokens("sam", 2);
    const kim = await userWithTokens("kim", 1);
    for (const s of [...sam.secrets, ...kim.secrets]) expect((await whoAmI(s)).status).toBe(200);

    const res = await callRoute(password.POST, "/api/auth/password", {
      cookie: sam.cookie,
      sameOrigin: true,
      body: { currentPassword: "sam's old passphrase", newPassword: "sam's new passphrase" },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ changed: true, endedSessions: 0, revokedTokens: 2 });

    for (const s of sam.secrets) {
      const refused = await whoAmI(s);
      expect(refused.status).toBe(401);
      expect(refused.json.error.code).toBe("invalid_token");
    }
    expect((await whoAmI(kim.secrets[0])).status).toBe(200);
    const listed = await callRoute(tokens.GET, "/api/tokens", { cookie: sam.cookie });
    expect(listed.json.tokens.every((tk: { revokedAt: string | null }) => tk.revokedAt !== null)).toBe(true);
    const audit = await t.db.auditLog.findFirstOrThrow({
      where: { action: "auth.password_changed", target: sam.user.id },
    });
    expect(JSON.parse(JSON.stringify(audit.details))).toMatchObject({ revokedTokens: 2 });
  });
});

describe("bearer token failures", () => {
  const whoAmI = whoAmIFrom;
  it("from one address: 30 are answered 401, then 429 with Retry-After, a valid token included", async () => {
    process.env.ATELIER_TRUST_PROXY = "1";
    const ana = await userWithTokens("ana", 1);
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => whoAmI(`guess-${i}-of-the-admin-token-000000`, "203.0.113.7")),
    );
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = guesses.find((g) => g.status === 429)!;
    expect(refused.json.error.code).toBe("too_many_attempts");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.json.error.retryAfterSeconds).toBe(Number(refused.headers.get("retry-after")));

    // A valid token from that address is refused too (no oracle), and works from another address.
    expect((await whoAmI(ana.secrets[0], "203.0.113.7")).status).toBe(429);
    expect((await whoAmI(ana.secrets[0], "198.51.100.20")).status).toBe(200);
    // API-token-shaped guesses count the same.
    for (let i = 0; i < 30; i++) expect((await whoAmI(`atl_not-a-token-${i}`, "198.51.100.21")).status).toBe(401);
    expect((await whoAmI("atl_not-a-token-x", "198.51.100.21")).status).toBe(429);
    // A session is no bearer request: it is not refused.
    const session = await callRoute(me.GET, "/api/auth/me", {
      cookie: ana.cookie,
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(session.status).toBe(200);
  });

  it("guessing ATELIER_ADMIN_TOKEN through a public route is limited too (health tells nothing more)", async () => {
    process.env.ATELIER_TRUST_PROXY = "1";
    process.env.ATELIER_ADMIN_TOKEN = "the-real-admin-token-of-this-studio-0123";
    const ask = (bearer: string) =>
      callRoute(health.GET, "/api/health", { bearer, headers: { "x-forwarded-for": "192.0.2.50" } });
    for (let i = 0; i < 30; i++) expect(Object.keys((await ask(`wrong-admin-token-${i}`)).json)).toEqual(["status"]);
    // The budget is spent: even the right token is treated as no token.
    expect(Object.keys((await ask(process.env.ATELIER_ADMIN_TOKEN)).json)).toEqual(["status"]);
  });

  it("without a trusted proxy every caller shares one budget of 300", async () => {
    delete process.env.ATELIER_TRUST_PROXY;
    const lee = await userWithTokens("lee", 1);
    const guesses = await Promise.all(Array.from({ length: 310 }, (_, i) => whoAmI(`shared-guess-${i}`)));
    expect(guesses.filter((g) => g.status === 401)).toHaveLength(300);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(10);
    expect((await whoAmI(lee.secrets[0])).status).toBe(429);
  });
});
