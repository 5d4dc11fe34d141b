/**
 * Datasets through their routes (SQLite, and PostgreSQL when ATELIER_TEST_PG_URL is set): create,
 * list, read, revise (case ids kept, old revisions readable), delete; import from JSONL and CSV
 * with line-numbered errors and the 5 MB limit; viewers read and only authors write; names unique.
 * And the verdicts of a case on a real conversation with the demo model.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createRoleTokens } from "@/lib/api/testing/role-tokens";
import type { Role } from "@/lib/auth/roles.shared";
import { seedStudio } from "@/lib/db/seed-demo";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { EventsPage } from "@/lib/events/event-types.shared";
import { Expectation } from "@/lib/evals/dataset.shared";
import { evaluateExpectations } from "@/lib/evals/verdicts/evaluate-expectations";
import { outcomeFromEvents } from "@/lib/evals/verdicts/outcome-from-events.shared";
import { closeServer } from "@/lib/server/server";
import * as list from "./route";
import * as one from "./[id]/route";
import * as importRoute from "./import/route";
import * as conversations from "../conversations/route";
import * as messages from "../conversations/[id]/messages/route";
import * as events from "../conversations/[id]/events/route";

let t: TestDatabase;
const ADMIN = "datasets-int-admin-token-0123456789";
const savedEnv = { ...process.env };
const tokens: Partial<Record<Role, string>> = {};
const OTHERS = ["viewer", "operator", "author", "approver"] as const;

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  Object.assign(tokens, await createRoleTokens(t.db, OTHERS, "datasets.test"));
});
afterAll(async () => {
  await closeServer();
  process.env = savedEnv;
  await t?.cleanup();
});

const bearer = (role: Role = "author") => (role === "admin" ? ADMIN : tokens[role]!);
const create = (body: unknown, role?: Role) => callRoute(list.POST, "/api/datasets", { body, bearer: bearer(role) });
const listAll = (role?: Role) => callRoute(list.GET, "/api/datasets", { bearer: bearer(role) });
const get = (id: string, role?: Role, revision?: number) =>
  callRoute(one.GET, `/api/datasets/${id}${revision !== undefined ? `?revision=${revision}` : ""}`, {
    params: { id },
    bearer: bearer(role),
  });
const put = (id: string, body: unknown, role?: Role) =>
  callRoute(one.PUT, `/api/datasets/${id}`, { method: "PUT", params: { id }, body, bearer: bearer(role) });
const del = (id: string, role?: Role) =>
  callRoute(one.DELETE, `/api/datasets/${id}`, { method: "DELETE", params: { id }, bearer: bearer(role) });
const importFile = (body: unknown, role?: Role) =>
  callRoute(importRoute.POST, "/api/datasets/import", { body, bearer: bearer(role) });

const paris = {
  messages: ["What is the population of Paris?"],
  expect: [
    { kind: "contains", value: "Paris" },
    { kind: "toolCalled", name: "city_population", args: { city: "Paris" } },
  ],
};

describe("datasets", () => {
  it("creates a dataset (201 {id, revision}), assigns case ids, lists and reads it", async () => {
    const res = await create({
      name: "geography",
      cases: [paris, { id: "kept-id", messages: ["Hi"], expect: [] }],
      mocks: [{ tool: "city_population", result: { population: 1 } }],
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(String), revision: 1 });
    const view = await get(res.json.id, "viewer");
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ name: "geography", revision: 1, currentRevision: 1 });
    expect(view.json.cases[0].id).toMatch(/^case_[0-9a-f]{12}$/);
    expect(view.json.cases[1].id).toBe("kept-id");
    expect(view.json.mocks).toEqual([{ tool: "city_population", result: { population: 1 } }]);
    const rows = await listAll("viewer");
    expect(rows.json.datasets).toContainEqual(
      expect.objectContaining({ id: res.json.id, name: "geography", revision: 1, caseCount: 2 }),
    );
    const audit = await t.db.auditLog.findFirst({ where: { action: "dataset.create", target: res.json.id } });
    expect(audit?.actor).toContain("author");
  });

  it("revises: a PUT writes a new revision, keeps the ids sent, and old revisions stay readable", async () => {
    const { json: created } = await create({ name: "revisable", cases: [paris] });
    const v1 = (await get(created.id)).json;
    const caseId = v1.cases[0].id;
    const edited = { ...v1.cases[0], expect: [{ kind: "contains", value: "2,1" }] };
    const res = await put(created.id, { name: "revisable", cases: [edited, { messages: ["new one"], expect: [] }] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: created.id, revision: 2 });
    const v2 = (await get(created.id)).json;
    expect(v2.revision).toBe(2);
    expect(v2.cases[0]).toMatchObject({ id: caseId, expect: [{ kind: "contains", value: "2,1" }] });
    expect(v2.cases).toHaveLength(2);
    expect(v2.revisions.map((r: { revision: number }) => r.revision)).toEqual([2, 1]);
    const old = await get(created.id, "viewer", 1);
    expect(old.json).toMatchObject({ revision: 1, currentRevision: 2 });
    expect(old.json.cases).toEqual(v1.cases);
    expect((await get(created.id, "viewer", 9)).status).toBe(404);
    expect((await get(created.id, "viewer", 0)).status).toBe(400);
  });

  it("keeps names unique (409), on create and on rename", async () => {
    await create({ name: "taken", cases: [] });
    const clash = await create({ name: "taken", cases: [] });
    expect(clash.status).toBe(409);
    expect(clash.json.error.code).toBe("conflict");
    const other = await create({ name: "other", cases: [] });
    expect((await put(other.json.id, { name: "taken", cases: [] })).status).toBe(409);
  });

  it("validates cases: unknown kinds, empty messages, repeated ids", async () => {
    const bad = await create({ name: "bad", cases: [{ messages: ["x"], expect: [{ kind: "vibes" }] }] });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("validation_error");
    expect((await create({ name: "bad", cases: [{ messages: [], expect: [] }] })).status).toBe(400);
    const dup = await create({
      name: "bad",
      cases: [
        { id: "a", messages: ["x"], expect: [] },
        { id: "a", messages: ["y"], expect: [] },
      ],
    });
    expect(dup.status).toBe(400);
  });

  it("lets viewers read and only authors (and admins) write", async () => {
    const { json } = await create({ name: "roles", cases: [] }, "admin");
    expect((await get(json.id, "viewer")).status).toBe(200);
    for (const role of ["viewer", "operator", "approver"] as const) {
      expect((await create({ name: `by-${role}`, cases: [] }, role)).status).toBe(403);
      expect((await put(json.id, { name: "roles", cases: [] }, role)).status).toBe(403);
      expect((await del(json.id, role)).status).toBe(403);
      expect((await importFile({ name: `imp-${role}`, format: "csv", content: "message\nhi" }, role)).status).toBe(403);
    }
  });

  it("deletes a dataset with its revisions", async () => {
    const { json } = await create({ name: "doomed", cases: [paris] });
    const res = await del(json.id);
    expect(res.json).toEqual({ deleted: json.id });
    expect((await get(json.id)).status).toBe(404);
    expect(await t.db.datasetRevision.count({ where: { datasetId: json.id } })).toBe(0);
  });
});

describe("import", () => {
  it("creates a dataset from JSONL", async () => {
    const content = [JSON.stringify({ id: "j1", ...paris }), JSON.stringify({ messages: ["Hi"], expect: [] })].join(
      "\n",
    );
    const res = await importFile({ name: "from-jsonl", format: "jsonl", content });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ revision: 1, imported: 2 });
    const view = (await get(res.json.id)).json;
    expect(view.cases.map((c: { id: string }) => c.id)[0]).toBe("j1");
  });

  it("appends a CSV file's cases to a dataset as a new revision (a case with a known id replaced)", async () => {
    const { json } = await create({ name: "append-to", cases: [{ id: "c1", messages: ["old"], expect: [] }] });
    const res = await importFile({
      datasetId: json.id,
      format: "csv",
      content: "id,message,contains,toolCalled\nc1,new text,Paris,\n,another,,city_population\n",
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: json.id, revision: 2, imported: 2 });
    const view = (await get(json.id)).json;
    expect(view.cases).toHaveLength(2);
    expect(view.cases[0]).toEqual({ id: "c1", messages: ["new text"], expect: [{ kind: "contains", value: "Paris" }] });
    expect(view.cases[1].expect).toEqual([{ kind: "toolCalled", name: "city_population" }]);
  });

  it("answers 400 validation_error naming the line and field, and imports nothing", async () => {
    const content = [JSON.stringify(paris), JSON.stringify({ messages: ["x"], expect: [{ kind: "equals" }] })].join(
      "\n",
    );
    const res = await importFile({ name: "broken", format: "jsonl", content });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: "validation_error", line: 2, field: "expect[0].value" });
    expect(res.json.error.message).toMatch(/^Line 2, expect\[0\]\.value: /);
    expect((await listAll()).json.datasets.map((d: { name: string }) => d.name)).not.toContain("broken");
    const csv = await importFile({ name: "broken", format: "csv", content: "message,expected\nhi,x" });
    expect(csv.json.error).toMatchObject({ code: "validation_error", line: 1, field: "expected" });
  });

  it("answers 413 payload_too_large above 5 MB, 404 for an unknown dataset", async () => {
    const big = await importFile({ name: "big", format: "csv", content: `message\n${"x".repeat(5 * 1024 * 1024)}` });
    expect(big.status).toBe(413);
    expect(big.json.error.code).toBe("payload_too_large");
    const missing = await importFile({ datasetId: "nope", format: "csv", content: "message\nhi" });
    expect(missing.status).toBe(404);
  });
});

describe("verdicts on a real conversation", () => {
  it("builds the outcome from the demo agent's event log and checks the case's expectations", async () => {
    const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
    const c = await callRoute(conversations.POST, "/api/conversations", { body: { agentId: atlas.id }, bearer: ADMIN });
    const id = c.json.id as string;
    const sent = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
      params: { id },
      body: { content: paris.messages[0] },
      bearer: ADMIN,
    });
    expect(sent.status).toBe(200);
    const page = await callRoute(events.GET, `/api/conversations/${id}/events?after=0`, {
      params: { id },
      bearer: ADMIN,
    });
    const outcome = outcomeFromEvents(EventsPage.parse(page.json).events);
    expect(outcome.answers).toHaveLength(1);
    expect(outcome.finalAnswer).toContain("city_population returned: 2103000");
    expect(outcome.toolCalls).toEqual([
      expect.objectContaining({ name: "city_population", depth: 0, turn: 0, args: expect.objectContaining({}) }),
    ]);
    expect(outcome.requests).toBe(2);
    const expectations = [
      { kind: "contains", value: "2103000" },
      { kind: "toolCalled", name: "city_population" },
      { kind: "toolNotCalled", name: "city_population" },
      { kind: "maxRequests", value: 1 },
      { kind: "maxLatencyMs", value: 60_000 },
    ].map((e) => Expectation.parse(e));
    const verdicts = evaluateExpectations(expectations, outcome);
    expect(verdicts.map((v) => v.passed)).toEqual([true, true, false, false, true]);
    expect(verdicts[2].reason).toBe("city_population was called 1 time; expected never");
    expect(verdicts[3].reason).toBe("2 model requests; at most 1 allowed");
  });
});
