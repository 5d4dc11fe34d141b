/**
 * The conversations list's filters and pages, renaming and deleting a conversation, through the
 * routes: who may (its creator or an admin), when (never while a run executes or waits for
 * approval), and what a deletion keeps (runs, usage) and hides (the conversation, its events).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import type { Role } from "@/lib/auth/roles.shared";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { closeServer } from "@/lib/server/server";
import * as conversations from "./route";
import * as conversation from "./[id]/route";
import * as messages from "./[id]/messages/route";
import * as events from "./[id]/events/route";
import * as trace from "../runs/[id]/trace/route";
import * as run from "../runs/[id]/route";

let t: TestDatabase;
const tokens = { alice: "", bob: "", carol: "", vera: "" };
let atlasId = "";
let billingId = "";

async function userToken(name: string, roles: Role[]) {
  const user = await t.db.user.create({
    data: { email: `${name}@manage.test`, name, passwordHash: "x", roles: roles.join(",") },
  });
  return (
    await createApiToken(t.db, { kind: "user", id: user.id, name, roles }, { name, role: roles[0]!, expiresInDays: 1 })
  ).token;
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  atlasId = (await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } })).id;
  billingId = (await t.db.agent.findFirstOrThrow({ where: { name: "billing" } })).id;
  tokens.alice = await userToken("alice", ["operator"]);
  tokens.bob = await userToken("bob", ["operator"]);
  tokens.carol = await userToken("carol", ["admin"]);
  tokens.vera = await userToken("vera", ["viewer"]);
});
afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

type Who = keyof typeof tokens;
const create = async (who: Who, agentId: string) => {
  const res = await callRoute(conversations.POST, "/api/conversations", { body: { agentId }, bearer: tokens[who] });
  expect(res.status).toBe(201);
  return res.json.id as string;
};
const send = async (who: Who, id: string, content: string) => {
  const res = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
    params: { id },
    body: { content },
    bearer: tokens[who],
  });
  expect(res.status).toBe(200);
};
const list = (query: string, who: Who = "vera") =>
  callRoute(conversations.GET, `/api/conversations${query}`, { bearer: tokens[who] });
const ids = async (query: string) => {
  const res = await list(query);
  expect(res.status).toBe(200);
  return (res.json.conversations as Array<{ id: string }>).map((c) => c.id);
};
const rename = (who: Who, id: string, body: unknown) =>
  callRoute(conversation.PATCH, `/api/conversations/${id}`, {
    method: "PATCH",
    params: { id },
    body,
    bearer: tokens[who],
  });
const remove = (who: Who, id: string) =>
  callRoute(conversation.DELETE, `/api/conversations/${id}`, { method: "DELETE", params: { id }, bearer: tokens[who] });
const get = (id: string) =>
  callRoute(conversation.GET, `/api/conversations/${id}`, { params: { id }, bearer: tokens.vera });

describe("the conversations list", () => {
  const made: Record<string, string> = {};
  beforeAll(async () => {
    made.paris = await create("alice", atlasId);
    await send("alice", made.paris, "What is the population of Paris?");
    made.tokyo = await create("alice", atlasId);
    await send("alice", made.tokyo, "What is the population of Tokyo?");
    made.fresh = await create("bob", atlasId);
    made.refund = await create("bob", billingId);
    await send("bob", made.refund, "Please refund order A-1001, amount 25 dollars");
    // A turn that failed (its run row as the run loop leaves it).
    made.failed = await create("bob", atlasId);
    await t.db.conversation.update({ where: { id: made.failed }, data: { title: "A broken question" } });
    await t.db.run.create({
      data: { conversationId: made.failed, agentId: atlasId, status: "failed", stopReason: "error", kind: "turn" },
    });
    // Last active long ago.
    await t.db.conversation.update({
      where: { id: made.tokyo },
      data: { updatedAt: new Date("2026-01-15T10:00:00Z") },
    });
  });

  it("answers the most recently active first, each with its agent, title, status and creator", async () => {
    const res = await list("");
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(5);
    expect(res.json).toMatchObject({ page: 1, pageSize: 25 });
    const rows = res.json.conversations as Array<Record<string, unknown>>;
    expect(rows.at(-1)!.id).toBe(made.tokyo);
    const paris = rows.find((r) => r.id === made.paris)!;
    expect(paris).toMatchObject({ agentName: "atlas", title: "What is the population of Paris?", status: "done" });
    expect(rows.find((r) => r.id === made.refund)).toMatchObject({ status: "waiting", pendingApprovals: 1 });
    expect(rows.find((r) => r.id === made.fresh)).toMatchObject({ status: "new", title: null, runs: 0 });
    expect(rows.find((r) => r.id === made.failed)).toMatchObject({ status: "failed" });
  });

  it("filters by agent, status and text (any case), and by the days of last activity", async () => {
    expect(await ids(`?agentId=${billingId}`)).toEqual([made.refund]);
    expect(await ids("?status=waiting")).toEqual([made.refund]);
    expect(await ids("?status=new")).toEqual([made.fresh]);
    expect(await ids("?status=failed")).toEqual([made.failed]);
    expect((await ids("?status=done")).sort()).toEqual([made.paris, made.tokyo].sort());
    expect(await ids("?status=running")).toEqual([]);
    expect(await ids("?q=PARIS")).toEqual([made.paris]);
    expect(await ids("?q=population%20tokyo")).toEqual([made.tokyo]);
    // Before its first message a conversation is found by its agent's name.
    expect(await ids(`?q=billing`)).toEqual([made.refund]);
    expect(await ids("?from=2026-01-15&to=2026-01-15")).toEqual([made.tokyo]);
    expect(await ids("?to=2026-01-14")).toEqual([]);
    expect(await ids(`?agentId=${atlasId}&status=done&q=tokyo`)).toEqual([made.tokyo]);
  });

  it("pages: pageSize rows a page, the same total on every page, no row twice", async () => {
    const first = await list("?pageSize=2");
    const second = await list("?pageSize=2&page=2");
    const third = await list("?pageSize=2&page=3");
    expect([first.json.total, second.json.total, third.json.total]).toEqual([5, 5, 5]);
    const all = [first, second, third].flatMap((r) => (r.json.conversations as Array<{ id: string }>).map((c) => c.id));
    expect(all).toHaveLength(5);
    expect(new Set(all).size).toBe(5);
    expect(await ids("?status=done&pageSize=1&page=2")).toEqual([made.tokyo]);
  });

  it("refuses a bad query with 400 naming the parameter", async () => {
    for (const [q, path] of [
      ["?pageSize=500", "pageSize"],
      ["?page=0", "page"],
      ["?status=lost", "status"],
      ["?from=yesterday", "from"],
      ["?from=2026-02-02&to=2026-02-01", "from"],
    ] as const) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
      expect(res.json.error.issues[0].path).toBe(path);
    }
  });
});

describe("renaming a conversation", () => {
  it("is its creator's or an admin's; another operator gets 403 and a viewer too; each rename is audited", async () => {
    const id = await create("alice", atlasId);
    expect((await rename("alice", id, { title: "  Trip planning  " })).json).toMatchObject({ title: "Trip planning" });
    const other = await rename("bob", id, { title: "Mine now" });
    expect(other.status).toBe(403);
    expect(other.json.error.code).toBe("forbidden");
    expect((await rename("vera", id, { title: "Viewer's" })).status).toBe(403);
    expect((await rename("carol", id, { title: "Renamed by an admin" })).status).toBe(200);
    expect((await get(id)).json.title).toBe("Renamed by an admin");
    const bad = await rename("alice", id, { title: "   " });
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues[0].path).toBe("title");
    const audits = await t.db.auditLog.findMany({
      where: { action: "conversation.renamed", target: `conversation:${id}` },
      orderBy: { createdAt: "asc" },
    });
    expect(audits.map((a) => a.actor)).toEqual(["alice (token alice)", "carol (token carol)"]);
    // A renamed conversation keeps its name after its first message.
    await send("alice", id, "What is the population of Paris?");
    expect((await get(id)).json.title).toBe("Renamed by an admin");
  });

  it("answers 404 for a conversation that does not exist", async () => {
    expect((await rename("carol", "nope", { title: "x" })).status).toBe(404);
  });
});

describe("deleting a conversation", () => {
  it("hides it and its events (404 everywhere) but keeps its runs and usage; only its creator or an admin may", async () => {
    const id = await create("alice", atlasId);
    await send("alice", id, "What is the population of Paris?");
    const runIds = (await t.db.run.findMany({ where: { conversationId: id }, select: { id: true } })).map((r) => r.id);
    const usage = await t.db.usageRecord.count({ where: { conversationId: id } });
    expect(runIds.length).toBe(1);
    expect(usage).toBeGreaterThan(0);

    const other = await remove("bob", id);
    expect(other.status).toBe(403);
    expect((await remove("vera", id)).status).toBe(403);
    const res = await remove("alice", id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id, deleted: true });

    expect((await get(id)).status).toBe(404);
    const evs = await callRoute(events.GET, `/api/conversations/${id}/events`, { params: { id }, bearer: tokens.vera });
    expect(evs.status).toBe(404);
    const msg = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
      params: { id },
      body: { content: "Still there?" },
      bearer: tokens.alice,
    });
    expect(msg.status).toBe(404);
    const r = runIds[0]!;
    expect((await callRoute(run.GET, `/api/runs/${r}`, { params: { id: r }, bearer: tokens.vera })).status).toBe(404);
    expect(
      (await callRoute(trace.GET, `/api/runs/${r}/trace`, { params: { id: r }, bearer: tokens.vera })).status,
    ).toBe(404);
    expect(await ids("")).not.toContain(id);
    expect((await rename("alice", id, { title: "Back?" })).status).toBe(404);
    expect((await remove("alice", id)).status).toBe(404);

    // Costs and limits stay true: the runs and the usage records are all still there.
    expect(await t.db.run.count({ where: { id: { in: runIds } } })).toBe(1);
    expect(await t.db.usageRecord.count({ where: { conversationId: id } })).toBe(usage);
    const row = await t.db.conversation.findUniqueOrThrow({ where: { id } });
    expect(row.deletedAt).not.toBeNull();
    const audit = await t.db.auditLog.findFirstOrThrow({
      where: { action: "conversation.deleted", target: `conversation:${id}` },
    });
    expect(audit.actor).toBe("alice (token alice)");
  });

  it("an admin may delete anyone's", async () => {
    const id = await create("bob", atlasId);
    expect((await remove("carol", id)).status).toBe(200);
    expect((await get(id)).status).toBe(404);
  });

  it("is refused with 409 while a run executes or waits for approval, and allowed once it is over", async () => {
    const waiting = await create("bob", billingId);
    await send("bob", waiting, "Please refund order A-1001, amount 25 dollars");
    const held = await remove("bob", waiting);
    expect(held.status).toBe(409);
    expect(held.json.error.code).toBe("RunSuspended");
    expect(held.json.error.message).toContain("waiting for approval");
    expect((await get(waiting)).status).toBe(200);

    const busy = await create("bob", atlasId);
    const running = await t.db.run.create({ data: { conversationId: busy, agentId: atlasId, status: "running" } });
    const refused = await remove("bob", busy);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: "RunInProgress", runId: running.id });
    await t.db.run.update({ where: { id: running.id }, data: { status: "completed", stopReason: "end_turn" } });
    expect((await remove("bob", busy)).status).toBe(200);
    // The claim the deletion held is let go.
    expect(await t.db.runLease.count({ where: { conversationId: busy } })).toBe(0);
  });
});
