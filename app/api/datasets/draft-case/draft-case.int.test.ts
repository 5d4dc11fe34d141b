/**
 * "Add this turn to a dataset" through its route (SQLite, and PostgreSQL when ATELIER_TEST_PG_URL
 * is set): a case drafted from a real conversation with the demo model — its message, a phrase of
 * the answer, the tool called with its arguments, a cost bound — that the datasets API accepts and
 * that passes on the conversation it came from; unknown conversations and turns refused; authors only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { fastPasswords } from "@/lib/auth/testing/fast-passwords";
import { createUser } from "@/lib/auth/users";
import { seedStudio } from "@/lib/db/seed-demo";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { EventsPage } from "@/lib/events/event-types.shared";
import { CaseInput } from "@/lib/evals/dataset.shared";
import { evaluateExpectations } from "@/lib/evals/verdicts/evaluate-expectations";
import { outcomeFromEvents } from "@/lib/evals/verdicts/outcome-from-events.shared";
import { closeServer } from "@/lib/server/server";
import * as draft from "./route";
import * as datasets from "../route";
import * as conversations from "../../conversations/route";
import * as messages from "../../conversations/[id]/messages/route";
import * as events from "../../conversations/[id]/events/route";

let t: TestDatabase;
const ADMIN = "draft-case-int-admin-token-0123456789";
const savedEnv = { ...process.env };
let viewer = "";
let conversationId = "";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  const system = { kind: "system" as const, id: "system", name: "t", roles: ["admin" as const] };
  const user = await createUser(
    t.db,
    system,
    { email: "viewer@draft.test", name: "viewer", password: "a long test password", roles: ["viewer"] },
    fastPasswords(),
  );
  viewer = (
    await createApiToken(
      t.db,
      { kind: "user", id: user.id, name: user.name, roles: user.roles },
      { name: "t", role: "viewer", expiresInDays: 1 },
    )
  ).token;
  const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
  const c = await callRoute(conversations.POST, "/api/conversations", { body: { agentId: atlas.id }, bearer: ADMIN });
  conversationId = c.json.id as string;
  for (const content of ["What is the population of Paris?", "And of Lyon?"]) {
    const sent = await callRoute(messages.POST, `/api/conversations/${conversationId}/messages`, {
      params: { id: conversationId },
      body: { content },
      bearer: ADMIN,
    });
    expect(sent.status).toBe(200);
  }
});
afterAll(async () => {
  await closeServer();
  process.env = savedEnv;
  await t?.cleanup();
});

const post = (body: unknown, bearer = ADMIN) => callRoute(draft.POST, "/api/datasets/draft-case", { body, bearer });

describe("POST /api/datasets/draft-case", () => {
  it("drafts the first turn: its message, a phrase of the answer, the tool call with its arguments, a cost bound", async () => {
    const res = await post({ conversationId, turn: 0 });
    expect(res.status).toBe(200);
    const c = CaseInput.parse(res.json.case);
    expect(c.messages).toEqual(["What is the population of Paris?"]);
    const kinds = c.expect.map((e) => e.kind);
    expect(kinds).toEqual(["contains", "toolCalled", "maxCostNanoUsd"]);
    expect(c.expect[1]).toMatchObject({ kind: "toolCalled", name: "city_population" });
    expect(c.expect[0]).toMatchObject({ kind: "contains", value: expect.stringContaining("2103000") });

    // The drafted case passes on the conversation it was drafted from.
    const page = await callRoute(events.GET, `/api/conversations/${conversationId}/events?after=0`, {
      params: { id: conversationId },
      bearer: ADMIN,
    });
    const all = EventsPage.parse(page.json).events;
    const secondTurn = all.find((e) => e.type === "RunStarted" && e.data.kind === "turn" && e.seq > 1)!;
    const verdicts = evaluateExpectations(c.expect, outcomeFromEvents(all.filter((e) => e.seq < secondTurn.seq)));
    expect(verdicts.map((v) => [v.kind, v.passed])).toEqual(kinds.map((k) => [k, true]));

    // And the datasets API takes it as it is.
    const saved = await callRoute(datasets.POST, "/api/datasets", {
      body: { name: "from a conversation", cases: [c] },
      bearer: ADMIN,
    });
    expect(saved.status).toBe(201);
  });

  it("drafts a later turn with the messages before it", async () => {
    const res = await post({ conversationId, turn: 1 });
    expect(res.status).toBe(200);
    expect(res.json.case.messages).toEqual(["What is the population of Paris?", "And of Lyon?"]);
  });

  it("refuses a turn the conversation does not have, an unknown conversation and a bad body", async () => {
    const late = await post({ conversationId, turn: 5 });
    expect(late.status).toBe(400);
    expect(late.json.error).toMatchObject({ code: "validation_error", field: "turn" });
    const unknown = await post({ conversationId: "nope", turn: 0 });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe("not_found");
    const bad = await post({ conversationId, turn: -1 });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("validation_error");
  });

  it("is for authors: a viewer is refused", async () => {
    const res = await post({ conversationId, turn: 0 }, viewer);
    expect(res.status).toBe(403);
  });
});
