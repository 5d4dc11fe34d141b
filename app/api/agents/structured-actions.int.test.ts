/**
 * Structured-mode agents through the HTTP API (lib/agents/README.md, "Tool mode"): saved with
 * their response fields (a field named like a tool refused), run on the scripted model — a tool
 * action completed through the sandbox, a malformed object repaired, and a side-effecting action
 * held for approval and resumed once approved — recorded as the same events a native call writes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { closeServer } from "@/lib/server/server";
import { settledRun } from "@/lib/runs/testing/settled-run";
import { parseSse } from "@/lib/runs/testing/sse";
import { approvalRoutes, type LoggedEvent } from "../approvals/testing/approval-routes";
import * as conversations from "../conversations/route";
import * as agents from "./route";
import * as actions from "./[id]/actions/route";
import { actionNames, buildActionModel } from "@/lib/agents/action-model.shared";

let t: TestDatabase;
const ADMIN = "structured-int-admin-token-0123456789";
const savedEnv = { ...process.env };
let cityId = "";
let refundId = "";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  cityId = (await t.db.tool.findFirstOrThrow({ where: { name: "city_population" } })).id;
  refundId = (await t.db.tool.findFirstOrThrow({ where: { name: "refund" } })).id;
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

const { send, decide, log } = approvalRoutes(ADMIN);
const FIELDS = [{ name: "reasoning", type: "string", description: "Why this action" }];

async function structuredAgent(name: string, script: unknown[], extra: Record<string, unknown> = {}) {
  const res = await callRoute(agents.POST, "/api/agents", {
    body: {
      name,
      model: { provider: "scripted", model: "script", script },
      toolMode: "structured",
      responseFields: FIELDS,
      tools: [{ toolId: cityId }],
      ...extra,
    },
    bearer: ADMIN,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  expect(res.json.agent).toMatchObject({ toolMode: "structured", responseFields: FIELDS });
  return res.json.agent.id as string;
}

async function converse(agentId: string, content: string) {
  const c = await callRoute(conversations.POST, "/api/conversations", { body: { agentId }, bearer: ADMIN });
  const res = await send(c.json.id, { content });
  const frames = parseSse(res.json).filter((f) => f.id !== null);
  return { conversationId: c.json.id as string, frames };
}

const labels = (events: LoggedEvent[]) =>
  events
    .filter((e) => !["LlmUsageEvent", "LlmSystemPromptEvent", "RunStarted"].includes(e.type))
    .map((e) => (e.type === "LlmMessageEvent" ? `${e.type}:${e.data.role}` : e.type));
const textOf = (e: LoggedEvent) => (e.data.parts as Array<{ text?: string }>).map((p) => p.text ?? "").join("");

describe("structured-mode agents over HTTP", () => {
  it("saves the mode and its fields, and refuses a response field named like one of its tools", async () => {
    await structuredAgent("structured_saved", [{ text: "hi" }]);

    const refused = await callRoute(agents.POST, "/api/agents", {
      body: {
        name: "structured_clash",
        model: { provider: "demo", model: "demo" },
        toolMode: "structured",
        responseFields: [...FIELDS, { name: "city_population", type: "integer", description: "" }],
        tools: [{ toolId: cityId }],
      },
      bearer: ADMIN,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe("validation_error");
    expect(refused.json.error.issues).toEqual([
      {
        path: "responseFields.1.name",
        message: expect.stringContaining('"city_population" is the name of one of this agent\'s tools'),
        code: "custom",
      },
    ]);
  });

  it("lists a version's actions as its runs offer them, for the action model the agent page builds", async () => {
    const id = await structuredAgent("structured_actions", [{ text: "hi" }]);
    const res = await callRoute(actions.GET, `/api/agents/${id}/actions`, { params: { id }, bearer: ADMIN });
    expect(res.status).toBe(200);
    expect(res.json.version).toBe(1);
    expect(res.json.actions).toEqual([
      {
        name: "city_population",
        description: expect.stringContaining("population"),
        parameters: expect.objectContaining({ type: "object", required: ["city"] }),
        conditional: false,
      },
    ]);
    expect(actionNames(buildActionModel(res.json.actions, []))).toEqual(["city_population", "final_answer"]);
    const missing = await callRoute(actions.GET, `/api/agents/nope/actions`, { params: { id: "nope" }, bearer: ADMIN });
    expect(missing.status).toBe(404);
    const noVersion = await callRoute(actions.GET, `/api/agents/${id}/actions?version=9`, {
      params: { id },
      bearer: ADMIN,
    });
    expect(noVersion.status).toBe(404);
  });

  it("completes a tool action: the JSON as the assistant's text, the call, its result as user text, the answer", async () => {
    const id = await structuredAgent("structured_city", [
      { toolCalls: [{ toolName: "city_population", args: { city: "Paris" } }] },
      { text: "Paris has about two million people." },
    ]);
    const { conversationId, frames } = await converse(id, "How many people live in Paris?");
    expect(frames.at(-1)!.data.data).toMatchObject({ status: "completed", stopReason: "end_turn" });
    const events = await log(conversationId);
    expect(labels(events)).toEqual([
      "LlmMessageEvent:user",
      "LlmMessageEvent:assistant",
      "ToolCallEvent",
      "LlmMessageEvent:user",
      "ToolReturnEvent",
      "LlmMessageEvent:assistant",
      "RunFinished",
    ]);
    const messages = events.filter((e) => e.type === "LlmMessageEvent");
    expect(JSON.parse(textOf(messages[1]!))).toEqual({
      reasoning: "(scripted)",
      action: { city_population: { city: "Paris" } },
    });
    const call = events.find((e) => e.type === "ToolCallEvent")!;
    expect(call.data.toolCallId).toMatch(/^action_/);
    expect(textOf(messages[2]!)).toMatch(/^Result of action city_population: \d+/);
    expect(events.find((e) => e.type === "ToolReturnEvent")!.data).toMatchObject({
      toolCallId: call.data.toolCallId,
      success: true,
    });
    expect(JSON.parse(textOf(messages[3]!)).action).toEqual({
      final_answer: { text: "Paris has about two million people." },
    });
    // The system prompt recorded for the run carries the action model.
    const system = events.find((e) => e.type === "LlmSystemPromptEvent")!;
    expect(system.data.parts.map((p: { dynamicRef: string | null }) => p.dynamicRef)).toContain("structured:actions");
  });

  it("repairs a malformed object with a repair message before the action runs", async () => {
    const id = await structuredAgent("structured_repair", [
      { text: "{ this is not json" },
      { toolCalls: [{ toolName: "city_population", args: { city: "Tokyo" } }] },
      { text: "Done." },
    ]);
    const { conversationId, frames } = await converse(id, "How many people live in Tokyo?");
    expect(frames.at(-1)!.data.data).toMatchObject({ status: "completed" });
    const events = await log(conversationId);
    expect(labels(events)).toEqual([
      "LlmMessageEvent:user",
      "LlmMessageEvent:assistant",
      "LlmMessageEvent:user",
      "LlmMessageEvent:assistant",
      "ToolCallEvent",
      "LlmMessageEvent:user",
      "ToolReturnEvent",
      "LlmMessageEvent:assistant",
      "RunFinished",
    ]);
    const repair = events.filter((e) => e.type === "LlmMessageEvent")[2]!;
    expect(textOf(repair)).toContain("not a valid action object: the response is not valid JSON");
  });

  it("holds a side-effecting action for approval, then runs it once approved and resumes as user text", async () => {
    const id = await structuredAgent(
      "structured_refund",
      [{ toolCalls: [{ toolName: "refund", args: { orderId: "A-7", amountUsd: 5 } }] }, { text: "Refunded A-7." }],
      { tools: [{ toolId: refundId }], autonomy: "gated" },
    );
    const { conversationId, frames } = await converse(id, "Refund order A-7, 5 dollars");
    expect(frames.at(-1)!.data.data).toMatchObject({ status: "suspended", stopReason: "awaiting_approval" });
    const requested = frames.find((f) => f.event === "ApprovalRequested")!.data;
    expect(requested.data).toMatchObject({ toolName: "refund", arguments: { orderId: "A-7", amountUsd: 5 } });
    expect(requested.data.toolCallId).toMatch(/^action_/);
    const decided = await decide(requested.data.approvalId, {
      decision: "approve",
      argumentsHash: requested.data.argumentsHash,
    });
    expect(decided.status).toBe(200);
    const run = await settledRun(t.db, requested.runId);
    expect(run.status).toBe("completed");
    const events = await log(conversationId);
    const result = events.filter((e) => e.type === "LlmMessageEvent").at(-2)!;
    expect(result.data.role).toBe("user");
    expect(textOf(result)).toContain("Result of action refund: refunded 5.00 USD on A-7");
    expect(events.filter((e) => e.type === "ToolReturnEvent").map((e) => e.data)).toEqual([
      expect.objectContaining({ toolName: "refund", toolCallId: requested.data.toolCallId, success: true }),
    ]);
    // No tool-role message: a model without tool calling never sees a tool result part.
    expect(events.some((e) => e.type === "LlmMessageEvent" && e.data.role === "tool")).toBe(false);
  });
});
