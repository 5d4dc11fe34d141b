import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authApi } from "@/lib/api/contracts/auth.shared";
import { callRoute, cookieFrom } from "@/lib/api/testing/call-route";
import { SecretKey } from "@/lib/auth/secret-box";
import { readCredential } from "@/lib/auth/provider-credentials";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import * as setup from "./auth/setup/route";
import * as signIn from "./auth/sign-in/route";
import * as signOut from "./auth/sign-out/route";
import * as me from "./auth/me/route";
import * as users from "./users/route";
import * as user from "./users/[id]/route";
import * as tokens from "./tokens/route";
import * as token from "./tokens/[id]/route";
import * as credentials from "./credentials/route";
import * as credential from "./credentials/[provider]/route";
import * as credentialTest from "./credentials/[provider]/test/route";
import * as audit from "./audit/route";
import * as tools from "./tools/route";

let t: TestDatabase;
const SETUP_TOKEN = "setup-token-for-auth-tests";
const ADMIN = { email: "ada@example.com", name: "Ada", password: "a very good passphrase", token: SETUP_TOKEN };
let adminCookie = "";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_SECRET = "integration-test-secret";
  process.env.ATELIER_ADMIN_TOKEN = "env-admin-token-for-tests-123456";
  process.env.ATELIER_SETUP_TOKEN = SETUP_TOKEN;
});
afterAll(async () => {
  delete process.env.ATELIER_SECRET;
  delete process.env.ATELIER_ADMIN_TOKEN;
  delete process.env.ATELIER_SETUP_TOKEN;
  await t?.cleanup();
});

describe("first run", () => {
  it("anonymous requests get 401 before anything exists, except setup and health", async () => {
    expect((await callRoute(tools.GET, "/api/tools")).status).toBe(401);
    expect((await callRoute(setup.GET, "/api/auth/setup")).json).toEqual({ needed: true });
  });

  it("rejects a weak admin password, naming the field", async () => {
    const res = await callRoute(setup.POST, "/api/auth/setup", {
      body: { ...ADMIN, password: "short" },
      sameOrigin: true,
    });
    expect(res.status).toBe(400);
    expect(res.json.error.issues).toEqual([
      { path: "password", message: "Use at least 12 characters", code: "too_small" },
    ]);
  });

  it("creates the admin once, signs them in with an httpOnly SameSite cookie, then is gone for good", async () => {
    const res = await callRoute(setup.POST, "/api/auth/setup", { body: ADMIN, sameOrigin: true });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ email: ADMIN.email, roles: ["admin"], active: true });
    // Answered as a Response (for its cookie), so defineRoute does not check it: the test does.
    expect(authApi.setup.response.safeParse(res.json).success).toBe(true);
    const set = res.headers.get("set-cookie")!;
    expect(set).toMatch(/^atelier_session=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Lax; Expires=/);
    // The cookie lasts until the session's absolute end (7 days by default), not the idle one.
    const expires = Date.parse(/Expires=([^;]+)/.exec(set)![1]);
    expect(expires - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);
    adminCookie = cookieFrom(res);
    expect((await callRoute(setup.GET, "/api/auth/setup")).json).toEqual({ needed: false });
    const again = await callRoute(setup.POST, "/api/auth/setup", {
      body: { ...ADMIN, email: "eve@example.com" },
      sameOrigin: true,
    });
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({
      code: "already_set_up",
      message: "This studio already has an admin; sign in instead.",
    });
    const row = await t.db.user.findUniqueOrThrow({ where: { email: ADMIN.email } });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(ADMIN.password);
  });

  it("the session cookie reaches the studio; a tampered cookie does not", async () => {
    expect((await callRoute(me.GET, "/api/auth/me", { cookie: adminCookie })).json).toMatchObject({
      kind: "user",
      name: "Ada",
      roles: ["admin"],
    });
    const tampered = adminCookie.slice(0, -2) + (adminCookie.endsWith("A") ? "BB" : "AA");
    expect((await callRoute(me.GET, "/api/auth/me", { cookie: tampered })).status).toBe(401);
  });
});

describe("sign-in", () => {
  it("answers the same 401 for a wrong password and an unknown user", async () => {
    const wrong = await callRoute(signIn.POST, "/api/auth/sign-in", {
      body: { email: ADMIN.email, password: "not the password" },
    });
    const unknown = await callRoute(signIn.POST, "/api/auth/sign-in", {
      body: { email: "nobody@example.com", password: "not the password" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ error: { code: "invalid_credentials", message: "Email or password is incorrect." } });
    expect(unknown.json).toEqual(wrong.json);
  });

  it("signs in with the right password, and refuses a cross-site sign-in form", async () => {
    const ok = await callRoute(signIn.POST, "/api/auth/sign-in", {
      body: { email: "ADA@example.com", password: ADMIN.password },
      sameOrigin: true,
    });
    expect(ok.status).toBe(200);
    expect(authApi.signIn.response.safeParse(ok.json).success).toBe(true);
    expect(JSON.stringify(ok.json)).not.toContain("scrypt");
    expect(ok.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
    const csrf = await callRoute(signIn.POST, "/api/auth/sign-in", {
      body: { email: ADMIN.email, password: ADMIN.password },
      headers: { origin: "https://evil.example" },
    });
    expect(csrf.status).toBe(403);
    expect(csrf.json.error.code).toBe("cross_site_refused");
  });

  it("rate-limits repeated failures for one account with 429", async () => {
    const email = "target@example.com";
    for (let i = 0; i < 5; i++)
      expect(
        (await callRoute(signIn.POST, "/api/auth/sign-in", { body: { email, password: "guess-number-" + i } })).status,
      ).toBe(401);
    const limited = await callRoute(signIn.POST, "/api/auth/sign-in", { body: { email, password: "another guess" } });
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe("too_many_attempts");
    expect(limited.json.error.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("sign-out ends the session", async () => {
    const s = cookieFrom(
      await callRoute(signIn.POST, "/api/auth/sign-in", { body: { email: ADMIN.email, password: ADMIN.password } }),
    );
    expect((await callRoute(me.GET, "/api/auth/me", { cookie: s })).status).toBe(200);
    const out = await callRoute(signOut.POST, "/api/auth/sign-out", { method: "POST", cookie: s, sameOrigin: true });
    expect(out.headers.get("set-cookie")).toMatch(/^atelier_session=; .*Max-Age=0/);
    expect(authApi.signOut.response.parse(out.json)).toEqual({ signedOut: true });
    expect((await callRoute(me.GET, "/api/auth/me", { cookie: s })).status).toBe(401);
  });

  it("the navigation's form post signs out and sends the browser to the sign-in page", async () => {
    const s = cookieFrom(
      await callRoute(signIn.POST, "/api/auth/sign-in", { body: { email: ADMIN.email, password: ADMIN.password } }),
    );
    const out = await callRoute(signOut.POST, "/api/auth/sign-out", {
      method: "POST",
      cookie: s,
      sameOrigin: true,
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    expect([out.status, out.headers.get("location")]).toEqual([303, "/sign-in"]);
    expect(out.headers.get("set-cookie")).toMatch(/^atelier_session=; .*Max-Age=0/);
    expect((await callRoute(me.GET, "/api/auth/me", { cookie: s })).status).toBe(401);
  });

  it("a cross-site form post cannot sign anyone out", async () => {
    const s = cookieFrom(
      await callRoute(signIn.POST, "/api/auth/sign-in", { body: { email: ADMIN.email, password: ADMIN.password } }),
    );
    const out = await callRoute(signOut.POST, "/api/auth/sign-out", {
      method: "POST",
      cookie: s,
      headers: { accept: "text/html", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(out.status).toBe(403);
    expect((await callRoute(me.GET, "/api/auth/me", { cookie: s })).status).toBe(200);
  });
});

describe("CSRF on cookie requests", () => {
  it("refuses an unsafe cookie request without Origin, or from another origin, and changes nothing", async () => {
    const body = { email: "csrf@example.com", name: "C", password: "a good long password", roles: ["viewer"] };
    const noOrigin = await callRoute(users.POST, "/api/users", { cookie: adminCookie, body });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.json.error).toEqual({
      code: "cross_site_refused",
      message: "Request refused: a request that uses the session cookie must send its Origin.",
    });
    const textPlain = await callRoute(users.POST, "/api/users", {
      cookie: adminCookie,
      body: JSON.stringify(body),
      headers: { origin: "https://evil.example", "content-type": "text/plain" },
    });
    expect(textPlain.status).toBe(403);
    expect(await t.db.user.count({ where: { email: body.email } })).toBe(0);
    const ok = await callRoute(users.POST, "/api/users", { cookie: adminCookie, body, sameOrigin: true });
    expect(ok.status).toBe(201);
  });
});

describe("users, roles and tokens", () => {
  let viewerId = "";
  let viewerCookie = "";
  let viewerToken = "";

  it("an admin creates a user; the user signs in with exactly their roles", async () => {
    const res = await callRoute(users.POST, "/api/users", {
      cookie: adminCookie,
      sameOrigin: true,
      body: { email: "vic@example.com", name: "Vic", password: "viewer password 1", roles: ["viewer", "author"] },
    });
    expect(res.status).toBe(201);
    viewerId = res.json.user.id;
    viewerCookie = cookieFrom(
      await callRoute(signIn.POST, "/api/auth/sign-in", {
        body: { email: "vic@example.com", password: "viewer password 1" },
      }),
    );
    expect((await callRoute(me.GET, "/api/auth/me", { cookie: viewerCookie })).json.roles).toEqual([
      "author",
      "viewer",
    ]);
    expect((await callRoute(users.GET, "/api/users", { cookie: viewerCookie })).status).toBe(403);
    const dup = await callRoute(users.POST, "/api/users", {
      cookie: adminCookie,
      sameOrigin: true,
      body: { email: "vic@example.com", name: "V", password: "viewer password 1", roles: ["viewer"] },
    });
    expect(dup.status).toBe(409);
  });

  it("a user creates a token with a role they hold, shown once and stored hashed; not one they lack", async () => {
    const denied = await callRoute(tokens.POST, "/api/tokens", {
      cookie: viewerCookie,
      sameOrigin: true,
      body: { name: "ci", role: "approver" },
    });
    expect(denied.status).toBe(403);
    expect(denied.json.error.message).toBe(
      "You cannot create a token with the role 'approver': it is not one of your roles (author, viewer).",
    );
    const res = await callRoute(tokens.POST, "/api/tokens", {
      cookie: viewerCookie,
      sameOrigin: true,
      body: { name: "ci", role: "viewer" },
    });
    expect(res.status).toBe(201);
    viewerToken = res.json.token;
    expect(viewerToken).toMatch(/^atl_[\w-]{40,}$/);
    expect(res.json.summary).toMatchObject({
      name: "ci",
      role: "viewer",
      hint: `atl_…${viewerToken.slice(-4)}`,
      revokedAt: null,
    });
    const listed = await callRoute(tokens.GET, "/api/tokens", { cookie: viewerCookie });
    expect(JSON.stringify(listed.json)).not.toContain(viewerToken);
    const row = await t.db.apiToken.findFirstOrThrow({ where: { name: "ci" } });
    expect(row.tokenHash).not.toContain(viewerToken);
  });

  it("a bearer token acts with its role, updates last-used, and needs no Origin", async () => {
    expect((await callRoute(me.GET, "/api/auth/me", { bearer: viewerToken })).json).toMatchObject({
      kind: "token",
      roles: ["viewer"],
    });
    expect((await callRoute(tools.GET, "/api/tools", { bearer: viewerToken })).status).toBe(200);
    expect((await callRoute(users.GET, "/api/users", { bearer: viewerToken })).status).toBe(403);
    const row = await t.db.apiToken.findFirstOrThrow({ where: { name: "ci" } });
    expect(row.lastUsedAt).not.toBeNull();
    const created = await callRoute(tokens.POST, "/api/tokens", {
      bearer: viewerToken,
      body: { name: "x", role: "viewer" },
    });
    expect(created.status).toBe(403);
    expect(created.json.error.message).toBe("API tokens belong to a user: sign in to create one.");
  });

  it("a wrong, expired or revoked token gets 401 with one clear message", async () => {
    const bad = await callRoute(tools.GET, "/api/tools", { bearer: "atl_not-a-real-token" });
    expect(bad).toMatchObject({
      status: 401,
      json: {
        error: { code: "invalid_token", message: "The bearer token is not valid: unknown, expired or revoked." },
      },
    });
    const short = await callRoute(tokens.POST, "/api/tokens", {
      cookie: viewerCookie,
      sameOrigin: true,
      body: { name: "old", role: "viewer", expiresInDays: 1 },
    });
    await t.db.apiToken.update({
      where: { id: short.json.summary.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await callRoute(tools.GET, "/api/tools", { bearer: short.json.token })).status).toBe(401);
    const revoke = await callRoute(token.DELETE, `/api/tokens/${short.json.summary.id}`, {
      method: "DELETE",
      cookie: viewerCookie,
      sameOrigin: true,
      params: { id: short.json.summary.id },
    });
    expect(revoke.json.token.revokedAt).not.toBeNull();
    expect((await callRoute(tools.GET, "/api/tools", { bearer: "Basic abc" })).status).toBe(401);
  });

  it("deactivating a user ends their sessions and tokens at once", async () => {
    const res = await callRoute(user.PUT, `/api/users/${viewerId}`, {
      method: "PUT",
      cookie: adminCookie,
      sameOrigin: true,
      params: { id: viewerId },
      body: { active: false },
    });
    expect(res.json.user.active).toBe(false);
    expect((await callRoute(me.GET, "/api/auth/me", { cookie: viewerCookie })).status).toBe(401);
    expect((await callRoute(me.GET, "/api/auth/me", { bearer: viewerToken })).status).toBe(401);
    const signInAgain = await callRoute(signIn.POST, "/api/auth/sign-in", {
      body: { email: "vic@example.com", password: "viewer password 1" },
    });
    expect(signInAgain.status).toBe(401);
  });

  it("refuses to remove the last admin", async () => {
    const adminId = (await t.db.user.findUniqueOrThrow({ where: { email: ADMIN.email } })).id;
    const res = await callRoute(user.PUT, `/api/users/${adminId}`, {
      method: "PUT",
      cookie: adminCookie,
      sameOrigin: true,
      params: { id: adminId },
      body: { roles: ["viewer"] },
    });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe("This is the last active admin: make someone else an admin first.");
  });

  it("ATELIER_ADMIN_TOKEN acts as an admin", async () => {
    const res = await callRoute(users.GET, "/api/users", { bearer: process.env.ATELIER_ADMIN_TOKEN });
    expect(res.status).toBe(200);
    expect(res.json.users.length).toBeGreaterThan(1);
  });
});

describe("provider keys", () => {
  const KEY = "sk-proj-THISISTHESECRETVALUE123456789";

  it("are saved encrypted, answered only as a masked hint, readable by the server", async () => {
    const put = await callRoute(credential.PUT, "/api/credentials/openai", {
      method: "PUT",
      cookie: adminCookie,
      sameOrigin: true,
      params: { provider: "openai" },
      body: { value: KEY },
    });
    expect(put.status).toBe(200);
    expect(put.json.credential).toMatchObject({ provider: "openai", variable: "OPENAI_API_KEY", hint: "sk-…6789" });
    const list = await callRoute(credentials.GET, "/api/credentials", { cookie: adminCookie });
    const all = JSON.stringify([put.json, list.json]);
    expect(all).not.toContain("THISISTHESECRET");
    const row = await t.db.providerCredential.findFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain("THISISTHESECRET");
    expect(await readCredential(t.db, "openai", SecretKey.fromString("integration-test-secret"))).toBe(KEY);
    if (t.target.kind === "sqlite")
      expect(readFileSync(t.target.file).toString("latin1")).not.toContain("THISISTHESECRET");
  });

  it("only admins see or change them; unknown providers are 400", async () => {
    const bad = await callRoute(credential.PUT, "/api/credentials/acme", {
      method: "PUT",
      cookie: adminCookie,
      sameOrigin: true,
      params: { provider: "acme" },
      body: { value: KEY },
    });
    expect(bad.status).toBe(400);
    const del = await callRoute(credential.DELETE, "/api/credentials/openai", {
      method: "DELETE",
      cookie: adminCookie,
      sameOrigin: true,
      params: { provider: "openai" },
    });
    expect(del.json).toEqual({ removed: "openai" });
    const again = await callRoute(credential.DELETE, "/api/credentials/openai", {
      method: "DELETE",
      cookie: adminCookie,
      sameOrigin: true,
      params: { provider: "openai" },
    });
    expect(again.status).toBe(404);
  });
});

describe("audit log", () => {
  it("records sign-ins, failures, role changes, tokens and secrets with who and when", async () => {
    const res = await callRoute(audit.GET, "/api/audit", { cookie: adminCookie });
    const actions = new Set(res.json.entries.map((e: { action: string }) => e.action));
    for (const a of [
      "auth.setup",
      "auth.sign_in",
      "auth.sign_in_failed",
      "auth.sign_out",
      "user.create",
      "user.deactivate",
      "token.create",
      "token.revoke",
      "secret.set",
      "secret.remove",
    ]) {
      expect(actions, a).toContain(a);
    }
    const setupEntry = res.json.entries.find((e: { action: string }) => e.action === "auth.setup");
    expect(setupEntry.actor).toBe("Ada");
  });
});

describe("contract failures: bad input names the field, an unknown id is 404", () => {
  const admin = () => ({ cookie: adminCookie, sameOrigin: true });

  it("sign-in without a password is a 400 naming it", async () => {
    const res = await callRoute(signIn.POST, "/api/auth/sign-in", { body: { email: ADMIN.email } });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["password"]);
  });

  it("users: no role, nothing to change, and an unknown user", async () => {
    const noRole = await callRoute(users.POST, "/api/users", {
      ...admin(),
      body: { email: "norole@example.com", name: "N", password: "a long enough password", roles: [] },
    });
    expect(noRole.status).toBe(400);
    expect(noRole.json.error.issues).toEqual([
      expect.objectContaining({ path: "roles", message: "Give the user at least one role" }),
    ]);
    const adminId = (await t.db.user.findUniqueOrThrow({ where: { email: ADMIN.email } })).id;
    const nothing = await callRoute(user.PUT, `/api/users/${adminId}`, {
      ...admin(),
      method: "PUT",
      params: { id: adminId },
      body: {},
    });
    expect(nothing.status).toBe(400);
    expect(nothing.json.error.issues).toEqual([expect.objectContaining({ message: "Nothing to change" })]);
    const unknown = await callRoute(user.PUT, "/api/users/no-such-user", {
      ...admin(),
      method: "PUT",
      params: { id: "no-such-user" },
      body: { name: "Ghost" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toEqual({ code: "not_found", message: "User 'no-such-user' does not exist." });
  });

  it("tokens: a blank name, and revoking an unknown token", async () => {
    const blank = await callRoute(tokens.POST, "/api/tokens", { ...admin(), body: { name: "  ", role: "viewer" } });
    expect(blank.status).toBe(400);
    expect(blank.json.error.issues).toEqual([
      expect.objectContaining({ path: "name", message: "Give the token a name" }),
    ]);
    const unknown = await callRoute(token.DELETE, "/api/tokens/no-such-token", {
      ...admin(),
      method: "DELETE",
      params: { id: "no-such-token" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe("API token 'no-such-token' does not exist.");
  });

  it("provider keys: a too-short key, an unknown provider, and a test with an unknown field", async () => {
    const short = await callRoute(credential.PUT, "/api/credentials/openai", {
      ...admin(),
      method: "PUT",
      params: { provider: "openai" },
      body: { value: "sk-1" },
    });
    expect(short.status).toBe(400);
    expect(short.json.error.issues).toEqual([
      expect.objectContaining({ path: "value", message: "That is too short to be an API key" }),
    ]);
    const unknown = await callRoute(credential.DELETE, "/api/credentials/acme", {
      ...admin(),
      method: "DELETE",
      params: { provider: "acme" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["provider"]);
    const extra = await callRoute(credentialTest.POST, "/api/credentials/openai/test", {
      ...admin(),
      params: { provider: "openai" },
      body: { model: "gpt-4o-mini", key: "sk-should-not-be-here" },
    });
    expect(extra.status).toBe(400);
    expect(extra.json.error.code).toBe("validation_error");
  });

  it("audit: a limit out of range is a 400 naming it", async () => {
    const res = await callRoute(audit.GET, "/api/audit?limit=0", { cookie: adminCookie });
    expect(res.status).toBe(400);
    expect(res.json.error.issues.map((i: { path: string }) => i.path)).toEqual(["limit"]);
    const some = await callRoute(audit.GET, "/api/audit?limit=2", { cookie: adminCookie });
    expect(some.json.entries).toHaveLength(2);
  });
});
