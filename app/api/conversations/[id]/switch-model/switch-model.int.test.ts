/**
 * A model switch from a conversation applies to that conversation only (#23 item 13): operators
 * switch it, `ModelSwitched` is in its log, its later runs use the new model, and the agent and its
 * other conversations keep theirs. The agent-wide switch stays on POST /api/agents/{id}/switch-model
 * (authors).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createRoleTokens } from "@/lib/api/testing/role-tokens";
import { createApiToken } from "@/lib/auth/api-tokens";
import type { Role } from "@/lib/auth/roles.shared";
import { AgentInput } from "@/lib/agents/agent-input.shared";
import { getAgent } from "@/lib/agents/read-agent";
import { createAgent } from "@/lib/agents/save-agent";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { modelRosterKey } from "@/lib/models/providers.shared";
import { closeServer } from "@/lib/server/server";
import { parseSse } from "@/lib/runs/testing/sse";
import * as conversations from "../../route";
import * as conversation from "../route";
import * as messages from "../messages/route";
import * as events from "../events/route";
import * as switchModel from "./route";
import * as agentSwitch from "../../../agents/[id]/switch-model/route";
import * as decision from "../../../approvals/[id]/decision/route";

let t: TestDatabase;
const tokens: Partial<Record<Role, string>> = {};
let agentId = "";

const DEMO = "demo:demo";
const SCRIPTED = "scripted:careful";
const BRIEF = "scripted:brief";

beforeAll(async () => {
  t = await createTestDatabase();
  Object.assign(tokens, await createRoleTokens(t.db, ["viewer", "operator", "author"], "switch.test"));
  const agent = await createAgent(
    t.db,
    AgentInput.parse({
      name: "switcher",
      model: [
        { provider: "demo", model: "demo" },
        { provider: "scripted", model: "careful", script: [{ text: "The careful model answers." }] },
        { provider: "scripted", model: "brief", script: [{ text: "Brief." }] },
      ],
    }),
  );
  agentId = agent.id;
});
afterAll(async () => {
  await closeServer();
  await t?.cleanup();
});

const create = async () =>
  (await callRoute(conversations.POST, "/api/conversations", { body: { agentId }, bearer: tokens.operator })).json
    .id as string;
const switchAs = (role: Role, id: string, key: string) =>
  callRoute(switchModel.POST, `/api/conversations/${id}/switch-model`, {
    params: { id },
    body: { key },
    bearer: tokens[role],
  });
const detail = async (id: string) =>
  (await callRoute(conversation.GET, `/api/conversations/${id}`, { params: { id }, bearer: tokens.viewer })).json;
/** Sends a message and answers the model its run started with. */
const runModel = async (id: string) => {
  const res = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
    params: { id },
    body: { content: "Hello." },
    bearer: tokens.operator,
  });
  expect(res.status).toBe(200);
  const started = parseSse(res.json).find((f) => f.event === "RunStarted");
  return started!.data.data.model as string;
};

describe("POST /api/conversations/{id}/switch-model", () => {
  it("switches that conversation only: its log, its later runs and its detail; not the agent nor its other conversations", async () => {
    const a = await create();
    const b = await create();
    const res = await switchAs("operator", a, SCRIPTED);
    expect(res.status).toBe(200);
    expect(res.json.model).toBe(SCRIPTED);
    expect(res.json.event).toMatchObject({ type: "ModelSwitched", runId: null, data: { from: DEMO, to: SCRIPTED } });

    const log = await callRoute(events.GET, `/api/conversations/${a}/events?after=0`, {
      params: { id: a },
      bearer: tokens.viewer,
    });
    expect(log.json.events.map((e: { type: string }) => e.type)).toEqual(["ModelSwitched"]);

    expect((await detail(a)).model).toBe(SCRIPTED);
    expect((await detail(b)).model).toBe(DEMO);
    expect(modelRosterKey((await getAgent(t.db, agentId)).model)).toBe(DEMO);
    expect(await runModel(a)).toBe(SCRIPTED);
    expect(await runModel(b)).toBe(DEMO);
    // A conversation started after the switch has the agent's model.
    const c = await create();
    expect((await detail(c)).model).toBe(DEMO);
    expect(await runModel(c)).toBe(DEMO);

    // Switching back records the switch and the next run uses the agent's model again.
    const back = await switchAs("operator", a, DEMO);
    expect(back.json.event).toMatchObject({ data: { from: SCRIPTED, to: DEMO } });
    expect(await runModel(a)).toBe(DEMO);
    // Switching to the model in use changes nothing and records nothing.
    const same = await switchAs("operator", a, DEMO);
    expect(same.json).toEqual({ model: DEMO, event: null });
  });

  it("is for operators: a viewer or an author alone gets 403 and nothing changes", async () => {
    const a = await create();
    for (const role of ["viewer", "author"] as const) {
      const res = await switchAs(role, a, SCRIPTED);
      expect(res.status, role).toBe(403);
      expect(res.json.error.code).toBe("forbidden");
    }
    expect((await detail(a)).model).toBe(DEMO);
  });

  it("refuses a key outside the agent's roster with 409 ModelSwitchError, changing nothing", async () => {
    const a = await create();
    const res = await switchAs("operator", a, "openai:gpt-nope");
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("ModelSwitchError");
    expect((await detail(a)).model).toBe(DEMO);
    const row = await t.db.conversation.findUniqueOrThrow({ where: { id: a } });
    expect(row.lastSeq).toBe(0);
  });
});

describe("POST /api/agents/{id}/switch-model", () => {
  it("stays the agent-wide switch, for authors: conversations without their own choice follow it", async () => {
    const a = await create();
    const own = await create();
    expect((await switchAs("operator", own, BRIEF)).status).toBe(200);
    const forbidden = await callRoute(agentSwitch.POST, `/api/agents/${agentId}/switch-model`, {
      params: { id: agentId },
      body: { key: SCRIPTED },
      bearer: tokens.operator,
    });
    expect(forbidden.status).toBe(403);
    const res = await callRoute(agentSwitch.POST, `/api/agents/${agentId}/switch-model`, {
      params: { id: agentId },
      body: { key: SCRIPTED },
      bearer: tokens.author,
    });
    expect(res.status).toBe(200);
    expect((await detail(a)).model).toBe(SCRIPTED);
    expect(await runModel(a)).toBe(SCRIPTED);
    // A conversation that switched keeps its own choice.
    expect((await detail(own)).model).toBe(BRIEF);
    expect(await runModel(own)).toBe(BRIEF);
    await callRoute(agentSwitch.POST, `/api/agents/${agentId}/switch-model`, {
      params: { id: agentId },
      body: { key: DEMO },
      bearer: tokens.author,
    });
  });
});

describe("a conversation's model after an approval", () => {
  it("a run resumed after its approval keeps the conversation's model, not the agent's", async () => {
    const approverUser = await t.db.user.create({
      data: { email: "approver@switch.test", name: "approver", passwordHash: "x", roles: "approver" },
    });
    const approver = (
      await createApiToken(
        t.db,
        { kind: "user", id: approverUser.id, name: "approver", roles: ["approver"] },
        { name: "approver", role: "approver", expiresInDays: 1 },
      )
    ).token;
    const gated = await createAgent(
      t.db,
      AgentInput.parse({
        name: "gated_switcher",
        autonomy: "manual",
        tools: [{ builtin: "memory" }],
        model: [
          { provider: "demo", model: "demo" },
          {
            provider: "scripted",
            model: "careful",
            script: [
              { toolCalls: [{ toolName: "memory", args: { command: "view", path: "/memories" } }] },
              { text: "Answered by the conversation's model after the approval." },
            ],
          },
        ],
      }),
    );
    const id = (
      await callRoute(conversations.POST, "/api/conversations", {
        body: { agentId: gated.id },
        bearer: tokens.operator,
      })
    ).json.id as string;
    expect((await switchAs("operator", id, SCRIPTED)).status).toBe(200);
    const sent = await callRoute(messages.POST, `/api/conversations/${id}/messages`, {
      params: { id },
      body: { content: "Look at your notes." },
      bearer: tokens.operator,
    });
    expect(parseSse(sent.json).at(-1)?.data.data).toMatchObject({ status: "suspended" });
    const held = await t.db.approval.findFirstOrThrow({ where: { conversationId: id, status: "pending" } });
    const decided = await callRoute(decision.POST, `/api/approvals/${held.id}/decision`, {
      params: { id: held.id },
      body: { decision: "approve", argumentsHash: held.argumentsHash },
      bearer: approver,
    });
    expect(decided.status).toBe(200);
    await expect
      .poll(async () => (await t.db.run.findUniqueOrThrow({ where: { id: held.runId } })).status, { timeout: 10_000 })
      .toBe("completed");
    const log = await callRoute(events.GET, `/api/conversations/${id}/events?after=0`, {
      params: { id },
      bearer: tokens.viewer,
    });
    const answers = (
      log.json.events as Array<{ type: string; data: { role?: string; parts?: Array<{ text?: string }> } }>
    )
      .filter((e) => e.type === "LlmMessageEvent" && e.data.role === "assistant")
      .flatMap((e) => e.data.parts!.flatMap((p) => (p.text ? [p.text] : [])));
    expect(answers.at(-1)).toBe("Answered by the conversation's model after the approval.");
  });
});
