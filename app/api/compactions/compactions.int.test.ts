/**
 * The compaction routes over HTTP, on the demo workspace: what the model sees next, a manual
 * compaction (optional body, the agent's strategy or a named one), a clear, the refusals, and the
 * compaction browser's list (filters) and detail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { closeServer } from "@/lib/server/server";
import * as conversations from "../conversations/route";
import * as messages from "../conversations/[id]/messages/route";
import * as compact from "../conversations/[id]/compact/route";
import * as clear from "../conversations/[id]/clear/route";
import * as list from "./route";
import * as detail from "./[id]/route";

let t: TestDatabase;
const ADMIN = "compactions-int-admin-token-0123456789";
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
  await closeServer();
  await t?.cleanup();
});

const at = (id: string) => `/api/conversations/${id}`;

async function answeredConversation(): Promise<string> {
  const c = await callRoute(conversations.POST, "/api/conversations", { body: { agentId: atlasId }, bearer: ADMIN });
  const id = c.json.id as string;
  const res = await callRoute(messages.POST, `${at(id)}/messages`, {
    params: { id },
    body: { content: "What is the population of Paris?" },
    bearer: ADMIN,
  });
  expect(res.status).toBe(200);
  return id;
}

describe("compaction routes", () => {
  it("shows the next context, compacts it by hand, clears it, and lists and details every fold", async () => {
    const id = await answeredConversation();
    const next = await callRoute(compact.GET, `${at(id)}/compact`, { params: { id }, bearer: ADMIN });
    expect(next.status).toBe(200);
    expect(next.json.context).toMatchObject({
      conversationId: id,
      agentName: "atlas",
      model: "demo:demo",
      contextLength: 32_000,
      threshold: 27_200,
      compactsNextRun: false,
      summary: null,
      tools: ["city_population", "forecast"],
      compaction: { strategy: "summarize", summarizerPromptVersion: "v1", summarizerModel: "demo:demo" },
    });
    expect(next.json.context.messages.map((m: { role: string }) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(next.json.context.system[0].content).toContain("You are Atlas");
    expect(next.json.context.estimatedTokens).toBeGreaterThan(0);

    // A body naming an unknown strategy is refused; no body at all uses the agent's strategy.
    const bad = await callRoute(compact.POST, `${at(id)}/compact`, {
      params: { id },
      body: { strategy: "everything" },
      bearer: ADMIN,
    });
    expect(bad.status).toBe(400);
    const done = await callRoute(compact.POST, `${at(id)}/compact`, { params: { id }, method: "POST", bearer: ADMIN });
    expect(done.status).toBe(200);
    expect(done.json.event).toMatchObject({
      runId: null,
      type: "LlmContextCompactedEvent",
      data: { strategyId: "summarize", replacedMessageCount: 4, summarizerPromptVersion: "v1" },
    });
    expect(done.json.event.data.summary).toContain("[offline demo, not an LLM] Summary of");
    expect(done.json.usage).toMatchObject({ runId: null, type: "LlmUsageEvent", data: { provider: "demo" } });
    expect(done.json.context.summary).toMatchObject({ strategyId: "summarize", seq: done.json.event.seq });
    expect(done.json.context.messages).toEqual([]);

    // A window over a context of one summary has nothing to drop.
    const nothing = await callRoute(compact.POST, `${at(id)}/compact`, {
      params: { id },
      body: { strategy: "sliding_window" },
      bearer: ADMIN,
    });
    expect(nothing.status).toBe(409);
    expect(nothing.json.error.code).toBe("conflict");

    const cleared = await callRoute(clear.POST, `${at(id)}/clear`, { params: { id }, body: {}, bearer: ADMIN });
    expect(cleared.status).toBe(200);
    expect(cleared.json.event).toMatchObject({ runId: null, data: { clearedMessageCount: 1 } });
    expect(cleared.json.context).toMatchObject({ summary: null, messages: [] });
    const again = await callRoute(clear.POST, `${at(id)}/clear`, { params: { id }, body: {}, bearer: ADMIN });
    expect(again.status).toBe(409);

    // The browser.
    const all = await callRoute(list.GET, `/api/compactions?conversationId=${id}`, { bearer: ADMIN });
    expect(all.status).toBe(200);
    expect(all.json.compactions.map((c: { strategyId: string }) => c.strategyId)).toEqual(["clear", "summarize"]);
    const summarized = all.json.compactions[1];
    expect(summarized).toMatchObject({
      id: `${id}-${done.json.event.seq}`,
      conversationTitle: "What is the population of Paris?",
      agentId: atlasId,
      agentName: "atlas",
      trigger: "manual",
      runId: null,
      messagesFolded: 4,
      summarizerPromptVersion: "v1",
      summarizer: { model: "demo:demo", priced: true }, // the demo price (docs/prices.md)
    });
    expect(summarized.summarizer.costNanoUsd).toBeGreaterThan(0);
    const byStrategy = await callRoute(list.GET, `/api/compactions?conversationId=${id}&strategy=clear`, {
      bearer: ADMIN,
    });
    expect(byStrategy.json.compactions).toHaveLength(1);
    const byAgent = await callRoute(list.GET, `/api/compactions?agentId=${atlasId}&strategy=summarize`, {
      bearer: ADMIN,
    });
    expect(byAgent.json.compactions.some((c: { id: string }) => c.id === summarized.id)).toBe(true);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const later = await callRoute(list.GET, `/api/compactions?from=${future}`, { bearer: ADMIN });
    expect(later.json.compactions).toEqual([]);
    expect((await callRoute(list.GET, "/api/compactions?from=yesterday", { bearer: ADMIN })).status).toBe(400);
    expect((await callRoute(list.GET, `/api/compactions?from=${future}&to=2020-01-01`, { bearer: ADMIN })).status).toBe(
      400,
    );
    expect((await callRoute(list.GET, "/api/compactions?strategy=none", { bearer: ADMIN })).status).toBe(400);

    const one = await callRoute(detail.GET, `/api/compactions/${summarized.id}`, {
      params: { id: summarized.id },
      bearer: ADMIN,
    });
    expect(one.status).toBe(200);
    expect(one.json.compaction.replaced.map((m: { role: string }) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(one.json.compaction.replaced[0].parts[0].text).toBe("What is the population of Paris?");
    expect(one.json.compaction.kept).toEqual([]);
    expect(one.json.compaction.run).toBeNull();
    for (const missing of ["nonsense", `${id}-1`, `${id}-999`, `nope-3`]) {
      const res = await callRoute(detail.GET, `/api/compactions/${missing}`, {
        params: { id: missing },
        bearer: ADMIN,
      });
      expect(res.status, missing).toBe(404);
    }
  });

  it("a bad filter or body is a 400 naming the field", async () => {
    const field = async (res: ReturnType<typeof callRoute>) => {
      const { status, json } = await res;
      expect(status).toBe(400);
      expect(json.error.code).toBe("validation_error");
      return json.error.issues[0].path;
    };
    expect(await field(callRoute(list.GET, "/api/compactions?from=yesterday", { bearer: ADMIN }))).toBe("from");
    expect(await field(callRoute(list.GET, "/api/compactions?strategy=none", { bearer: ADMIN }))).toBe("strategy");
    expect(await field(callRoute(list.GET, "/api/compactions?limit=501", { bearer: ADMIN }))).toBe("limit");
    const id = await answeredConversation();
    expect(
      await field(
        callRoute(compact.POST, `${at(id)}/compact`, { params: { id }, body: { strategy: "none" }, bearer: ADMIN }),
      ),
    ).toBe("strategy");
    // A body is a JSON object or nothing: null is refused as a whole.
    expect(
      await field(callRoute(compact.POST, `${at(id)}/compact`, { params: { id }, body: "null", bearer: ADMIN })),
    ).toBe("");
  });

  it("answers 404 for an unknown conversation", async () => {
    for (const [handler, path] of [
      [compact.GET, "/compact"],
      [compact.POST, "/compact"],
      [clear.POST, "/clear"],
    ] as const) {
      const res = await callRoute(handler, `${at("nope")}${path}`, {
        params: { id: "nope" },
        method: handler === compact.GET ? "GET" : "POST",
        bearer: ADMIN,
      });
      expect(res.status).toBe(404);
    }
  });
});
