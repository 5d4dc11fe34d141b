/**
 * GET /api/audit (SQLite, or PostgreSQL with ATELIER_TEST_PG_URL): entries newest first and
 * readable — actors by their current name, the token they acted through, the admin token; targets
 * by name with a link while they exist — filtered by actor, action (one, or a kind) and days, a page
 * at a time, with the actors and actions there are to filter by.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import type { AuditPage } from "@/lib/auth/audit-list.shared";
import { AuditPage as AuditPageSchema } from "@/lib/auth/audit-list.shared";
import { recordAudit } from "@/lib/auth/audit-log";
import { ADMIN_TOKEN_PRINCIPAL } from "@/lib/auth/authenticate";
import type { Principal } from "@/lib/auth/roles";
import { fastPasswords } from "@/lib/auth/testing/fast-passwords";
import { createUser } from "@/lib/auth/users";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { closeServer } from "@/lib/server/server";
import * as audit from "./route";

let t: TestDatabase;
const ADMIN = "audit-int-admin-token-0123456789";
const savedEnv = { ...process.env };
let alice: Principal;
let tokenId = "";
let atlasId = "";
let toolId = "";

async function get(
  query = "",
): Promise<{ status: number; json: AuditPage & { error?: { issues: Array<{ path: string }> } } }> {
  return callRoute(audit.GET, `/api/audit${query}`, { bearer: ADMIN });
}

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  atlasId = (await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } })).id;
  toolId = (await t.db.tool.findFirstOrThrow({ where: { name: "city_population" } })).id;
  const user = await createUser(
    t.db,
    ADMIN_TOKEN_PRINCIPAL,
    { email: "alice@example.com", name: "Alice", password: "a long enough password 123", roles: ["admin"] },
    fastPasswords(),
  );
  alice = { kind: "user", id: user.id, name: "Alice", roles: ["admin"] };
  const created = await createApiToken(t.db, alice, { name: "ci-bot", role: "operator", expiresInDays: null });
  tokenId = created.summary.id;
  const viaToken: Principal = { ...alice, kind: "token", roles: ["operator"], tokenId };
  await recordAudit(t.db, {
    actor: viaToken,
    action: "tool.call",
    target: "city_population",
    details: { runId: "r1" },
  });
  await recordAudit(t.db, { actor: alice, action: "agent.label_moved", target: "agent:atlas" });
  await recordAudit(t.db, { actor: alice, action: "conversation.renamed", target: "conversation:gone" });
  await recordAudit(t.db, { actor: null, action: "auth.sign_in_failed", target: "mallory@example.com" });
  // Alice is renamed: the log names her as she is now.
  await t.db.user.update({ where: { id: user.id }, data: { name: "Alice Martin" } });
  // One entry from two days ago.
  await t.db.auditLog.updateMany({
    where: { action: "auth.sign_in_failed" },
    data: { createdAt: new Date(Date.now() - 2 * 86_400_000) },
  });
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

describe("GET /api/audit", () => {
  it("names actors and targets, with links to what still exists", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    const page = AuditPageSchema.parse(res.json);
    const by = (action: string) => page.entries.find((e) => e.action === action)!;
    expect(by("user.create")).toMatchObject({
      actorLabel: "admin token (ATELIER_ADMIN_TOKEN)",
      targetLabel: "user Alice Martin",
    });
    expect(by("token.create")).toMatchObject({
      actorLabel: "Alice Martin",
      targetLabel: "token “ci-bot”",
      targetHref: "/settings/tokens",
    });
    expect(by("tool.call")).toMatchObject({
      actorLabel: "Alice Martin (token “ci-bot”)",
      targetLabel: "tool city_population",
      targetHref: `/tools/${toolId}`,
      details: { runId: "r1", actorTokenId: tokenId },
    });
    expect(by("agent.label_moved")).toMatchObject({ targetLabel: "agent atlas", targetHref: `/agents/${atlasId}` });
    expect(by("conversation.renamed")).toMatchObject({ targetLabel: "a conversation since removed", targetHref: null });
    expect(by("auth.sign_in_failed")).toMatchObject({
      actor: null,
      actorLabel: "anonymous",
      targetLabel: "mallory@example.com",
      targetHref: null,
    });
    expect(page.actors.map((a) => a.label).sort()).toEqual(
      ["Alice Martin", "admin token (ATELIER_ADMIN_TOKEN)", "anonymous"].sort(),
    );
    expect(page.actions).toEqual(
      expect.arrayContaining(["agent.label_moved", "auth.sign_in_failed", "token.create", "tool.call", "user.create"]),
    );
  });

  it("filters by actor, by action or a kind of action, and by days", async () => {
    const actions = (p: AuditPage) => p.entries.map((e) => e.action).sort();
    expect(actions((await get(`?actor=${alice.id}`)).json)).toEqual(
      ["agent.label_moved", "conversation.renamed", "token.create", "tool.call"].sort(),
    );
    expect(actions((await get("?actor=anonymous")).json)).toEqual(["auth.sign_in_failed"]);
    expect(actions((await get("?actor=system")).json)).toEqual(["user.create"]);
    expect(actions((await get("?action=tool.call")).json)).toEqual(["tool.call"]);
    expect(actions((await get("?action=token.")).json)).toEqual(["token.create"]);
    const day = (ms: number) => new Date(Date.now() - ms).toISOString().slice(0, 10);
    expect(actions((await get(`?to=${day(2 * 86_400_000)}`)).json)).toEqual(["auth.sign_in_failed"]);
    expect((await get(`?from=${day(0)}`)).json.entries.map((e) => e.action)).not.toContain("auth.sign_in_failed");
  });

  it("pages newest first with the total; bad parameters are 400s naming them", async () => {
    const all = (await get()).json;
    const first = (await get("?limit=2")).json;
    expect(first).toMatchObject({ total: all.total, page: 1, limit: 2 });
    expect(first.entries.map((e) => e.id)).toEqual(all.entries.slice(0, 2).map((e) => e.id));
    const second = (await get("?limit=2&page=2")).json;
    expect(second.entries.map((e) => e.id)).toEqual(all.entries.slice(2, 4).map((e) => e.id));
    for (const [q, field] of [
      ["?action=DROP TABLE", "action"],
      ["?from=soon", "from"],
      ["?page=0", "page"],
      ["?limit=0", "limit"],
    ] as const) {
      const res = await get(q);
      expect(res.status, q).toBe(400);
      expect(res.json.error!.issues[0]!.path).toBe(field);
    }
  });
});
