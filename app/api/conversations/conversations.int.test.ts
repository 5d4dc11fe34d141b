import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { parseSse } from "@/lib/runs/testing/sse";
import * as conversations from "./route";
import * as conversation from "./[id]/route";
import * as messages from "./[id]/messages/route";
import * as events from "./[id]/events/route";
import * as switchModel from "./[id]/switch-model/route";
import * as run from "../runs/[id]/route";
import * as runs from "../runs/route";

let t: TestDatabase;
const ADMIN = "conversations-int-admin-token-0123456789";
const savedEnv = { ...process.env };
let atlasId = "";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  atlasId = (await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } })).id;
});
afterAll(async () => {
  process.env = savedEnv;
  await t?.cleanup();
});

const create = (agentId: string) =>
  callRoute(conversations.POST, "/api/conversations", { body: { agentId }, bearer: ADMIN });
const send = (id: string, body: unknown) =>
  callRoute(messages.POST, `/api/conversations/${id}/messages`, { params: { id }, body, bearer: ADMIN });

describe("a conversation with the demo agent atlas", () => {
  it("streams a turn with a tool call, every event numbered without gaps, and reads back the same log", async () => {
    const c = await create(atlasId);
    expect(c.status).toBe(201);
    const res = await send(c.json.id, { content: "What is the population of Paris?" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const frames = parseSse(res.json);
    const stored = frames.filter((f) => f.id !== null);
    expect(stored.map((f) => f.id)).toEqual(stored.map((_, i) => i + 1));
    expect(stored.map((f) => f.event)).toEqual([
      "RunStarted",
      "LlmSystemPromptEvent",
      "LlmMessageEvent",
      "LlmMessageEvent",
      "ToolCallEvent",
      "LlmUsageEvent",
      "LlmMessageEvent",
      "ToolReturnEvent",
      "LlmMessageEvent",
      "LlmUsageEvent",
      "RunFinished",
    ]);
    expect(frames.some((f) => f.event === "LlmTextDelta")).toBe(true);
    const call = stored.find((f) => f.event === "ToolCallEvent")!.data;
    expect(call.data.toolName).toBe("city_population");
    const ret = stored.find((f) => f.event === "ToolReturnEvent")!.data;
    expect(ret.data).toMatchObject({ toolName: "city_population", success: true });
    const finished = stored.at(-1)!.data;
    expect(finished.data).toMatchObject({
      status: "completed",
      stopReason: "end_turn",
      usage: { requests: 2, toolCalls: 1 },
    });
    const usage = stored.find((f) => f.event === "LlmUsageEvent")!.data.data;
    expect(usage).toMatchObject({
      provider: "demo",
      model: "demo",
      requestedModel: "demo:demo",
      // The demo workspace's price for the demo model (lib/demo/demo-price.ts, docs/prices.md).
      priced: true,
      priceVersion: expect.stringMatching(/^custom:/),
    });
    expect(usage.costNanoUsd).toBeGreaterThan(0);

    const log = await callRoute(events.GET, `/api/conversations/${c.json.id}/events?after=0`, {
      params: { id: c.json.id },
      bearer: ADMIN,
    });
    expect(log.json.lastSeq).toBe(stored.length);
    expect(log.json.events).toEqual(stored.map((f) => f.data));

    const view = await callRoute(conversation.GET, `/api/conversations/${c.json.id}`, {
      params: { id: c.json.id },
      bearer: ADMIN,
    });
    expect(view.json).toMatchObject({ agentName: "atlas", activeRun: null, title: "What is the population of Paris?" });
    expect(view.json.runs).toHaveLength(1);
    const runView = await callRoute(run.GET, `/api/runs/${view.json.runs[0].id}`, {
      params: { id: view.json.runs[0].id },
      bearer: ADMIN,
    });
    expect(runView.json.run).toMatchObject({ status: "completed", requests: 2, toolCalls: 1, agentName: "atlas" });
    expect(runView.json.events).toHaveLength(stored.length);
  });

  it("refuses an empty message with 400 and appends nothing", async () => {
    const c = await create(atlasId);
    const res = await send(c.json.id, { content: "   " });
    expect(res.status).toBe(400);
    const row = await t.db.conversation.findUniqueOrThrow({ where: { id: c.json.id } });
    expect(row.lastSeq).toBe(0);
  });

  it("answers 404 for an unknown conversation", async () => {
    const res = await send("nope", { content: "hello" });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("not_found");
  });
});

/** The first issue's field of a 400 validation_error. */
const invalidField = (res: { status: number; json: { error: { code: string; issues: Array<{ path: string }> } } }) => {
  expect(res.status).toBe(400);
  expect(res.json.error.code).toBe("validation_error");
  return res.json.error.issues[0]!.path;
};

describe("refusals through the routes", () => {
  it("a bad body or query is a 400 naming the field", async () => {
    expect(
      invalidField(await callRoute(conversations.POST, "/api/conversations", { body: { title: "x" }, bearer: ADMIN })),
    ).toBe("agentId");
    expect(
      invalidField(
        await callRoute(conversations.POST, "/api/conversations", {
          body: { agentId: atlasId, colour: "red" },
          bearer: ADMIN,
        }),
      ),
    ).toBe("");
    const c = await create(atlasId);
    const id = c.json.id as string;
    expect(invalidField(await send(id, { content: "   " }))).toBe("content");
    expect(
      invalidField(
        await callRoute(switchModel.POST, `/api/conversations/${id}/switch-model`, {
          params: { id },
          body: { key: " " },
          bearer: ADMIN,
        }),
      ),
    ).toBe("key");
    expect(
      invalidField(
        await callRoute(events.GET, `/api/conversations/${id}/events?after=-1`, { params: { id }, bearer: ADMIN }),
      ),
    ).toBe("after");
    expect(invalidField(await callRoute(runs.GET, "/api/runs?limit=0", { bearer: ADMIN }))).toBe("limit");
  });

  it("an unknown agent, conversation or run is a 404", async () => {
    const noAgent = await create("no-such-agent");
    expect(noAgent.status).toBe(404);
    expect(noAgent.json.error).toMatchObject({ code: "not_found", field: "agentId" });
    for (const res of [
      await callRoute(conversation.GET, "/api/conversations/nope", { params: { id: "nope" }, bearer: ADMIN }),
      await callRoute(events.GET, "/api/conversations/nope/events", { params: { id: "nope" }, bearer: ADMIN }),
      await callRoute(switchModel.POST, "/api/conversations/nope/switch-model", {
        params: { id: "nope" },
        body: { key: "demo:demo" },
        bearer: ADMIN,
      }),
      await callRoute(run.GET, "/api/runs/nope", { params: { id: "nope" }, bearer: ADMIN }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
  });
});
