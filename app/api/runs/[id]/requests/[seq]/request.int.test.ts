/**
 * GET /api/runs/{id}/requests/{seq} on real turns: a scripted agent calls a saved tool and another
 * agent, answers, then answers a second message. Each model request is rebuilt from the log: the
 * system prompt, the messages of the context at that point (the second turn's carries the first),
 * the tools offered with their definitions at the run's versions, the model's settings, and the
 * answer; a child run's request holds its own task only. A seq that is not a model request is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import type { ModelRequestView } from "@/lib/runs/read-models/traces/model-request.shared";
import { ModelRequestView as ModelRequestSchema } from "@/lib/runs/read-models/traces/model-request.shared";
import { closeServer } from "@/lib/server/server";
import { parseSse } from "@/lib/runs/testing/sse";
import * as agents from "../../../../agents/route";
import * as conversations from "../../../../conversations/route";
import * as messages from "../../../../conversations/[id]/messages/route";
import * as request from "./route";

let t: TestDatabase;
const ADMIN = "request-int-admin-token-0123456789";
const savedEnv = { ...process.env };

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

const getRequest = (id: string, seq: number | string) =>
  callRoute(request.GET, `/api/runs/${id}/requests/${seq}`, { params: { id, seq: String(seq) }, bearer: ADMIN });

async function usageSeqs(runId: string): Promise<number[]> {
  const rows = await t.db.event.findMany({
    where: { runId, type: "LlmUsageEvent" },
    orderBy: { seq: "asc" },
    select: { seq: true },
  });
  return rows.map((r) => r.seq);
}

describe("GET /api/runs/{id}/requests/{seq}", () => {
  let first = "";
  let second = "";
  let child = "";
  let cityVersion = 0;

  beforeAll(async () => {
    const city = await t.db.tool.findFirstOrThrow({ where: { name: "city_population" } });
    cityVersion = (
      await t.db.toolVersion.findFirstOrThrow({ where: { toolId: city.id }, orderBy: { version: "desc" } })
    ).version;
    const atlas = await t.db.agent.findFirstOrThrow({ where: { name: "atlas" } });
    const created = await callRoute(agents.POST, "/api/agents", {
      bearer: ADMIN,
      body: {
        name: "asker",
        description: "Looks up populations and asks atlas about the rest of the world.",
        prompt: { template: "You are asker. Be brief.", params: {} },
        model: {
          provider: "scripted",
          model: "asker-script",
          temperature: 0.3,
          maxTokens: 500,
          script: [
            {
              toolCalls: [
                { toolName: "city_population", args: { city: "Paris" } },
                { toolName: "atlas", args: { task: "What is the population of Tokyo?" } },
              ],
            },
            { text: "Paris has 2103000 people." },
            { text: "You are welcome." },
          ],
        },
        tools: [{ toolId: city.id }, { agentId: atlas.id, sideEffecting: false }],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const conv = await callRoute(conversations.POST, "/api/conversations", {
      body: { agentId: created.json.agent.id, title: "Asker" },
      bearer: ADMIN,
    });
    const send = async (content: string) => {
      const res = await callRoute(messages.POST, `/api/conversations/${conv.json.id}/messages`, {
        params: { id: conv.json.id },
        body: { content },
        bearer: ADMIN,
      });
      const frames = parseSse(res.json).filter((f) => f.id !== null && f.event === "RunStarted");
      return frames.map((f) => f.data as { runId: string; data: { kind: string } });
    };
    const turn1 = await send("Population of Paris, and ask atlas about Tokyo.");
    first = turn1.find((f) => f.data.kind === "turn")!.runId;
    child = turn1.find((f) => f.data.kind === "child")!.runId;
    second = (await send("Thanks!")).find((f) => f.data.kind === "turn")!.runId;
  });

  it("the first request: system prompt, the user's message, the tools offered with their definitions, the settings, the tool calls", async () => {
    const [seq] = await usageSeqs(first);
    const res = await getRequest(first, seq!);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const view = ModelRequestSchema.parse(res.json);
    expect(view).toMatchObject({
      reconstructed: true,
      notice: "Reconstructed from the conversation log — not a byte copy of the provider request",
      runId: first,
      seq,
      agent: { name: "asker", version: 1 },
      requestedModel: "scripted:asker-script",
      answeredBy: "scripted:asker-script",
      settings: { model: "scripted:asker-script", temperature: 0.3, maxTokens: 500 },
      answeredSettings: null,
    });
    expect(view.request.messages).toEqual([
      { role: "system", content: expect.stringContaining("You are asker.") },
      { role: "user", content: [{ type: "text", text: "Population of Paris, and ask atlas about Tokyo." }] },
    ]);
    const tools = new Map(view.request.tools!.map((tool) => [tool.name, tool]));
    expect([...tools.keys()].sort()).toEqual(["atlas", "city_population"]);
    expect(tools.get("city_population")).toMatchObject({
      source: `saved tool v${cityVersion}`,
      description: expect.any(String),
      inputSchema: { type: "object", properties: { city: expect.any(Object) } },
    });
    expect(tools.get("atlas")).toMatchObject({ inputSchema: { required: ["task"] } });
    expect(view.response.finishReason).toBe("tool-calls");
    expect(view.response.toolCalls.map((c) => c.toolName)).toEqual(["city_population", "atlas"]);
    expect(view.response.usage.totalTokens).toBeGreaterThan(0);
  });

  it("the second request of the turn carries the calls and their results; the next turn's carries the whole first turn", async () => {
    const [, seq] = await usageSeqs(first);
    const view: ModelRequestView = (await getRequest(first, seq!)).json;
    expect(view.request.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(view.response).toMatchObject({ text: "Paris has 2103000 people.", toolCalls: [], finishReason: "stop" });
    const tool = view.request.messages[3]!;
    expect(JSON.stringify(tool)).toContain("2103000");

    const [next] = await usageSeqs(second);
    const later: ModelRequestView = (await getRequest(second, next!)).json;
    expect(later.request.messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
      "user",
    ]);
    expect(later.request.messages.at(-1)).toEqual({ role: "user", content: [{ type: "text", text: "Thanks!" }] });
    // The child run's messages are its own, never the conversation's.
    expect(JSON.stringify(later.request.messages)).not.toContain("You are atlas");
  });

  it("a child run's request holds its own system prompt and task", async () => {
    const [seq] = await usageSeqs(child);
    const view: ModelRequestView = (await getRequest(child, seq!)).json;
    expect(view.agent.name).toBe("atlas");
    expect(view.request.messages.filter((m) => m.role === "user")).toEqual([
      { role: "user", content: [{ type: "text", text: "What is the population of Tokyo?" }] },
    ]);
  });

  it("404 for a seq that is not a model request of the run, for another run's request, and for an unknown run", async () => {
    const started = await t.db.event.findFirstOrThrow({ where: { runId: first, type: "RunStarted" } });
    const notRequest = await getRequest(first, started.seq);
    expect(notRequest.status).toBe(404);
    expect(notRequest.json.error).toMatchObject({
      code: "not_found",
      message: expect.stringContaining("not a model request"),
    });
    const [childSeq] = await usageSeqs(child);
    expect((await getRequest(first, childSeq!)).status).toBe(404);
    expect((await getRequest("no-such-run", 1)).status).toBe(404);
    expect((await getRequest(first, "zero")).status).toBe(400);
  });
});
