/**
 * Outgoing webhooks through the routes (docs/webhooks.md), against a real receiver on loopback
 * opened with ATELIER_WEBHOOK_EGRESS_ALLOW: validation and roles of /api/webhooks; the secret
 * answered once and sealed at rest; signatures checked with the `standardwebhooks` verifier;
 * retries after a 500 under one `webhook-id`; a deleted endpoint's pending delivery cancelled;
 * the billing agent's held refund reaching the receiver as `approval.requested` with what a chat
 * bot needs to decide it through the decision API, then `approval.decided` and `run.finished`;
 * budget alerts; experiment conversations firing nothing; re-sealing on rotation. Runs on SQLite,
 * and on PostgreSQL with ATELIER_TEST_PG_URL.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { SecretKey, SecretKeyring, loadSecretKeyring } from "@/lib/auth/secret-box";
import { publishBudgetAlert } from "@/lib/budgets/budget-alert-hooks";
import { seedStudio } from "@/lib/db/seed-demo";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { settledRun } from "@/lib/runs/testing/settled-run";
import { parseSse } from "@/lib/runs/testing/sse";
import { closeServer, readyRunRuntime } from "@/lib/server/server";
import { rotateWebhookSecrets } from "@/lib/webhooks/rotate-webhook-secrets";
import { openWebhookSecret } from "@/lib/webhooks/webhook-secret";
import * as conversations from "../conversations/route";
import * as messages from "../conversations/[id]/messages/route";
import * as decision from "../approvals/[id]/decision/route";
import * as list from "./route";
import * as one from "./[id]/route";
import * as deliveries from "./[id]/deliveries/route";
import * as test from "./[id]/test/route";

const ADMIN = "webhooks-admin-token-0123456789abcdef";
const savedEnv = { ...process.env };
let t: TestDatabase;
let operator = "";
let approver = "";
let billingId = "";

interface Received {
  headers: Record<string, string>;
  body: string;
}
const received: Received[] = [];
/** Status the receiver answers with, one per request, then 200. */
let answers: number[] = [];
let receiver: http.Server;
let port = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  process.env.ATELIER_WEBHOOK_BACKOFF_MS = "40";
  process.env.ATELIER_WEBHOOK_RETRIES = "3";
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok, thanks" : "boom");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  port = (receiver.address() as AddressInfo).port;
  process.env.ATELIER_WEBHOOK_EGRESS_ALLOW = `127.0.0.1:${port}`;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  billingId = (await t.db.agent.findFirstOrThrow({ where: { name: "billing" } })).id;
  const user = await t.db.user.create({
    data: { email: "op@webhooks.test", name: "Olive Operator", passwordHash: "x", roles: "operator,approver" },
  });
  operator = (
    await createApiToken(
      t.db,
      { kind: "user", id: user.id, name: user.name, roles: ["operator", "approver"] },
      { name: "op", role: "operator", expiresInDays: 1 },
    )
  ).token;
  approver = (
    await createApiToken(
      t.db,
      { kind: "user", id: user.id, name: user.name, roles: ["operator", "approver"] },
      { name: "chat bot", role: "approver", expiresInDays: 1 },
    )
  ).token;
});
beforeEach(async () => {
  received.length = 0;
  answers = [];
  // Each test starts with no endpoint (deleting cancels what was pending).
  for (const w of await t.db.webhook.findMany({ select: { id: true } }))
    await callRoute(one.DELETE, `/api/webhooks/${w.id}`, { method: "DELETE", params: { id: w.id }, bearer: ADMIN });
});
afterAll(async () => {
  process.env = savedEnv;
  await new Promise((r) => receiver?.close(r));
  await closeServer();
  await t?.cleanup();
});

const url = () => `http://127.0.0.1:${port}/hooks`;
async function addEndpoint(events: string[], extra: Record<string, unknown> = {}) {
  const res = await callRoute(list.POST, "/api/webhooks", { body: { url: url(), events, ...extra }, bearer: ADMIN });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; secret: string };
}
const sendTest = (id: string) =>
  callRoute(test.POST, `/api/webhooks/${id}/test`, { method: "POST", params: { id }, bearer: ADMIN });
const log = async (id: string) =>
  (await callRoute(deliveries.GET, `/api/webhooks/${id}/deliveries`, { params: { id }, bearer: ADMIN })).json
    .deliveries as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  for (const end = Date.now() + ms; ;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const flushed = async () => (await readyRunRuntime()).webhooks!.settled();

/** Every request verified with the secret (throws on a bad signature), parsed. */
function verified(secret: string) {
  const wh = new Webhook(secret);
  return received.map((r) => ({
    id: r.headers["webhook-id"],
    body: wh.verify(r.body, r.headers) as { type: string; timestamp: string; data: Record<string, any> }, // eslint-disable-line @typescript-eslint/no-explicit-any
  }));
}

describe("webhooks: the routes", () => {
  it("validates the endpoint: URL, events, the egress policy", async () => {
    const bad = async (body: unknown) => {
      const res = await callRoute(list.POST, "/api/webhooks", { body, bearer: ADMIN });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      return res.json.error;
    };
    expect((await bad({ url: "ftp://x.example", events: ["run.failed"] })).code).toBe("validation_error");
    expect((await bad({ url: url(), events: [] })).issues[0].message).toMatch(/at least one event type/);
    expect((await bad({ url: url(), events: ["run.started"] })).code).toBe("validation_error");
    expect((await bad({ url: url(), events: ["run.failed", "run.failed"] })).code).toBe("validation_error");
    expect((await bad({ url: url(), events: ["run.failed"], secret: "mine" })).code).toBe("validation_error");
    const metadata = await bad({ url: "http://169.254.169.254/latest", events: ["run.failed"] });
    expect(metadata).toMatchObject({ field: "url" });
    expect(metadata.message).toMatch(/metadata/);
    const closed = await bad({ url: `http://127.0.0.1:${port + 1}/x`, events: ["run.failed"] });
    expect(closed.message).toMatch(/ATELIER_WEBHOOK_EGRESS_ALLOW/);
    expect(await t.db.webhook.count()).toBe(0);
  });

  it("is admin's only: an operator gets 403 and nothing is created", async () => {
    const res = await callRoute(list.POST, "/api/webhooks", {
      body: { url: url(), events: ["run.failed"] },
      bearer: operator,
    });
    expect(res.status).toBe(403);
    expect((await callRoute(list.GET, "/api/webhooks", { bearer: operator })).status).toBe(403);
    expect(await t.db.webhook.count()).toBe(0);
  });

  it("answers the secret once and keeps it sealed; edits keep it; a disabled endpoint gets nothing", async () => {
    const { id, secret } = await addEndpoint(["run.failed"], { description: "ops channel" });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await callRoute(list.GET, "/api/webhooks", { bearer: ADMIN });
    expect(JSON.stringify(listed.json)).not.toContain(secret.slice(6));
    expect(listed.json.webhooks).toEqual([
      expect.objectContaining({ id, url: url(), events: ["run.failed"], enabled: true, description: "ops channel" }),
    ]);
    const row = await t.db.webhook.findUniqueOrThrow({ where: { id } });
    expect(row.ciphertext).not.toContain(secret.slice(6));
    expect(openWebhookSecret(loadSecretKeyring(), id, row)).toBe(secret);
    const put = await callRoute(one.PUT, `/api/webhooks/${id}`, {
      method: "PUT",
      params: { id },
      body: { url: url(), events: ["run.failed", "run.finished"], enabled: false },
      bearer: ADMIN,
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ events: ["run.finished", "run.failed"], enabled: false, description: "" });
    expect(openWebhookSecret(loadSecretKeyring(), id, await t.db.webhook.findUniqueOrThrow({ where: { id } }))).toBe(
      secret,
    );
    const missing = await callRoute(one.GET, "/api/webhooks/nope", { params: { id: "nope" }, bearer: ADMIN });
    expect(missing.status).toBe(404);
  });

  it("signs a test event per Standard Webhooks and logs the delivery", async () => {
    const { id, secret } = await addEndpoint(["run.finished"]);
    const res = await sendTest(id);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      status: "delivered",
      attempts: 1,
      lastStatusCode: 200,
      eventType: "webhook.test",
    });
    expect(res.json.responseExcerpt).toBe("ok, thanks");
    expect(res.json.lastLatencyMs).toBeGreaterThanOrEqual(0);
    const [got] = verified(secret);
    expect(got.id).toBe(res.json.messageId);
    expect(got.body).toMatchObject({ type: "webhook.test", data: { webhookId: id } });
    expect(received[0].headers["webhook-signature"]).toMatch(/^v1,/);
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(received[0].body, received[0].headers),
    ).toThrow();
    expect((await log(id))[0]).toMatchObject({ id: res.json.id, status: "delivered" });
  });

  it("retries after a 500 with the same webhook-id until the endpoint answers 2xx", async () => {
    const { id, secret } = await addEndpoint(["run.finished"]);
    answers = [500, 500];
    // Long enough a wait that the first answer is read before the retry.
    process.env.ATELIER_WEBHOOK_BACKOFF_MS = "250";
    const first = await sendTest(id).finally(() => (process.env.ATELIER_WEBHOOK_BACKOFF_MS = "40"));
    expect(first.json).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: 500,
      lastError: "answered 500",
    });
    const done = await until("the delivery", async () => {
      const d = (await log(id))[0];
      return d.status === "delivered" ? d : null;
    });
    expect(done).toMatchObject({ attempts: 3, lastStatusCode: 200 });
    const got = verified(secret);
    expect(got).toHaveLength(3);
    expect(new Set(got.map((g) => g.id))).toEqual(new Set([first.json.messageId]));
  });

  it("gives up after ATELIER_WEBHOOK_RETRIES retries: failed, with the last answer", async () => {
    const { id } = await addEndpoint(["run.finished"]);
    answers = [503, 503, 503, 503, 503];
    await sendTest(id);
    const failed = await until("the delivery to fail", async () => {
      const d = (await log(id))[0];
      return d.status === "failed" ? d : null;
    });
    expect(failed).toMatchObject({ attempts: 4, lastStatusCode: 503, responseExcerpt: "boom", nextAttemptAt: null });
    expect(received).toHaveLength(4);
  });

  it("cancels a deleted endpoint's pending delivery: no attempt after the deletion", async () => {
    process.env.ATELIER_WEBHOOK_BACKOFF_MS = "300";
    try {
      const { id } = await addEndpoint(["run.finished"]);
      answers = [500, 500, 500, 500];
      const first = await sendTest(id);
      expect(first.json.status).toBe("pending");
      const del = await callRoute(one.DELETE, `/api/webhooks/${id}`, {
        method: "DELETE",
        params: { id },
        bearer: ADMIN,
      });
      expect(del.json).toEqual({ deleted: id });
      await new Promise((r) => setTimeout(r, 900));
      expect(received).toHaveLength(1);
      expect(await t.db.webhookDelivery.count({ where: { webhookId: id } })).toBe(0);
    } finally {
      process.env.ATELIER_WEBHOOK_BACKOFF_MS = "40";
    }
  });
});

describe("webhooks: events of the run path", () => {
  it("a held refund reaches the receiver with what it takes to decide it, then its decision and the run's end", async () => {
    const { secret } = await addEndpoint(["approval.requested", "approval.decided", "run.finished", "run.failed"]);
    const c = await callRoute(conversations.POST, "/api/conversations", {
      body: { agentId: billingId },
      bearer: operator,
    });
    const sent = await callRoute(messages.POST, `/api/conversations/${c.json.id}/messages`, {
      params: { id: c.json.id },
      body: { content: "Please refund order A-1001, amount 25 dollars" },
      bearer: operator,
    });
    const requested = parseSse(sent.json).find((f) => f.event === "ApprovalRequested")!.data;
    await flushed();
    const asked = await until("approval.requested", async () =>
      verified(secret).find((g) => g.body.type === "approval.requested"),
    );
    expect(asked.body.data).toMatchObject({
      approvalId: requested.data.approvalId,
      tool: "refund",
      arguments: { orderId: "A-1001" },
      argumentsHash: requested.data.argumentsHash,
      conversationId: c.json.id,
      runId: requested.runId,
      agent: { id: billingId, name: "billing" },
      requestedBy: { name: "Olive Operator" },
      decide: { method: "POST", url: `/api/approvals/${requested.data.approvalId}/decision` },
      links: { conversation: `/conversations/${c.json.id}` },
    });
    // A chat bot decides from the payload alone, with a token.
    const d = asked.body.data;
    const decided = await callRoute(decision.POST, d.decide.url, {
      params: { id: d.approvalId },
      body: { decision: "approve", argumentsHash: d.argumentsHash, reason: "ok from chat" },
      bearer: approver,
    });
    expect(decided.status).toBe(200);
    await settledRun(t.db, requested.runId);
    await flushed();
    const events = await until("the run's end", async () => {
      const all = verified(secret);
      return all.some((g) => g.body.type === "run.finished") ? all : null;
    });
    const byType = (type: string) => events.filter((g) => g.body.type === type);
    expect(byType("approval.decided")[0].body.data).toMatchObject({
      approvalId: d.approvalId,
      decision: "approve",
      reason: "ok from chat",
      decidedBy: { name: "Olive Operator (token chat bot)" },
    });
    expect(byType("run.finished")[0].body.data).toMatchObject({
      runId: requested.runId,
      status: "completed",
      kind: "turn",
      conversationId: c.json.id,
    });
    expect(byType("run.failed")).toHaveLength(0);
    // One logical event per id: each type once, each id once.
    expect(events.map((g) => g.body.type).sort()).toEqual(["approval.decided", "approval.requested", "run.finished"]);
    expect(new Set(events.map((g) => g.id)).size).toBe(events.length);
  });

  it("sends only what an endpoint subscribed to, and nothing for an experiment's conversations", async () => {
    const { id } = await addEndpoint(["run.failed"]);
    const all = await addEndpoint(["run.finished"]);
    const c = await callRoute(conversations.POST, "/api/conversations", {
      body: { agentId: billingId },
      bearer: ADMIN,
    });
    await callRoute(messages.POST, `/api/conversations/${c.json.id}/messages`, {
      params: { id: c.json.id },
      body: { content: "Hello" },
      bearer: ADMIN,
    });
    await flushed();
    await until("run.finished", async () => (await log(all.id)).find((x) => x.status === "delivered"));
    expect(await log(id)).toEqual([]);
    const e = await callRoute(conversations.POST, "/api/conversations", {
      body: { agentId: billingId },
      bearer: ADMIN,
    });
    await t.db.conversation.update({ where: { id: e.json.id }, data: { experimentId: "exp_test" } });
    await callRoute(messages.POST, `/api/conversations/${e.json.id}/messages`, {
      params: { id: e.json.id },
      body: { content: "Hello" },
      bearer: ADMIN,
    });
    await flushed();
    expect(await log(all.id)).toHaveLength(1);
  });

  it("turns budget alerts into budget.threshold and budget.exceeded, once per threshold and window", async () => {
    const { id, secret } = await addEndpoint(["budget.threshold", "budget.exceeded"]);
    const alert = {
      type: "budget.threshold" as const,
      budgetId: "b1",
      scope: "workspace" as const,
      scopeId: null,
      window: "day" as const,
      windowStart: "2026-12-02T00:00:00.000Z",
      windowEnd: "2026-12-03T00:00:00.000Z",
      threshold: 0.8,
      limit: "cost" as const,
      spent: "800",
      max: "1000",
      at: new Date().toISOString(),
    };
    await publishBudgetAlert(alert);
    await publishBudgetAlert(alert); // noticed twice (e.g. two runtimes): sent once
    await publishBudgetAlert({ ...alert, type: "budget.exceeded", threshold: 1, spent: "1000" });
    await flushed();
    await until("both alerts", async () => (await log(id)).filter((x) => x.status === "delivered").length === 2);
    const got = verified(secret);
    expect(got.map((g) => g.body.type).sort()).toEqual(["budget.exceeded", "budget.threshold"]);
    expect(got.find((g) => g.body.type === "budget.threshold")!.body.data).toMatchObject({
      budgetId: "b1",
      threshold: 0.8,
      spent: "800",
      max: "1000",
    });
  });
});

describe("webhooks: secrets on rotation", () => {
  it("npm run secret:rotate re-seals every signing secret under the new key", async () => {
    const { id, secret } = await addEndpoint(["run.failed"]);
    const to = SecretKey.generate();
    expect(await rotateWebhookSecrets(t.db, loadSecretKeyring(), to)).toBe(1);
    const row = await t.db.webhook.findUniqueOrThrow({ where: { id } });
    expect(row.keyId).toBe(to.id);
    expect(openWebhookSecret(new SecretKeyring(to), id, row)).toBe(secret);
    // Copied onto another endpoint, it does not open (bound to its id).
    expect(() => openWebhookSecret(new SecretKeyring(to), "wh_other", row)).toThrow(/does not open/);
  });
});
