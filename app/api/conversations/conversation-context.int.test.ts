/**
 * Conversation context (lib/agents/README.md, "Conversation context") through the HTTP routes: an
 * agent's context schema saved with its version, conversations started with good and bad values
 * (each 400 names its field, nothing created), the detail answering them, a move to a version
 * requiring a field the conversation lacks refused, and a tool's test run reading `ctx.context`.
 * On SQLite, or PostgreSQL when ATELIER_TEST_PG_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { closeServer } from "@/lib/server/server";
import * as agents from "../agents/route";
import * as agent from "../agents/[id]/route";
import * as agentVersionRoute from "../agents/[id]/versions/[n]/route";
import * as conversations from "./route";
import * as conversation from "./[id]/route";
import * as moveVersion from "./[id]/agent-version/route";
import * as tools from "../tools/route";
import * as invoke from "../tools/[id]/invoke/route";

const ADMIN = "conversation-context-int-admin-token-0123456789";
const as = { bearer: ADMIN };
let t: TestDatabase;
const savedEnv = { ...process.env };
let agentId = "";

const SCHEMA = {
  fields: [
    { name: "plan", type: "enum", values: ["free", "pro"], required: true },
    { name: "company", type: "string", required: true },
    { name: "seats", type: "number", required: false },
    { name: "beta", type: "boolean", required: false },
  ],
};
const model = { provider: "demo", model: "demo" };
const prompt = { template: "You help {who} at {context.company} ({context.plan}).", params: { who: "users" } };

const start = (body: Record<string, unknown>) => callRoute(conversations.POST, "/api/conversations", { ...as, body });
const detail = (id: string) => callRoute(conversation.GET, `/api/conversations/${id}`, { ...as, params: { id } });
const move = (id: string, body: unknown) =>
  callRoute(moveVersion.POST, `/api/conversations/${id}/agent-version`, { ...as, params: { id }, body });
const save = (body: unknown) =>
  callRoute(agent.PUT, `/api/agents/${agentId}`, { ...as, method: "PUT", params: { id: agentId }, body });
const paths = (res: { json: { error: { issues: Array<{ path: string }> } } }) =>
  res.json.error.issues.map((i) => i.path);

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
});
afterAll(async () => {
  await closeServer();
  await t?.cleanup();
  process.env = savedEnv;
});

describe("an agent's context schema", () => {
  it("is saved with the version, and a bad schema is a 400 at its path", async () => {
    const res = await callRoute(agents.POST, "/api/agents", {
      ...as,
      body: { name: "ctx_agent", prompt, model, contextSchema: SCHEMA },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    agentId = res.json.agent.id;
    expect(res.json.agent).toMatchObject({ version: 1, contextSchema: SCHEMA });
    const v1 = await callRoute(agentVersionRoute.GET, `/api/agents/${agentId}/versions/1`, {
      ...as,
      params: { id: agentId, n: "1" },
    });
    expect(v1.status).toBe(200);
    expect(v1.json.agent.contextSchema).toEqual(SCHEMA);

    const bad = await callRoute(agents.POST, "/api/agents", {
      ...as,
      body: {
        name: "ctx_bad",
        model,
        contextSchema: {
          fields: [
            { name: "plan", type: "enum", values: [] },
            { name: "plan", type: "string", values: ["x"] },
          ],
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(paths(bad)).toEqual([
      "contextSchema.fields.0.values",
      "contextSchema.fields.1.values",
      "contextSchema.fields.1.name",
    ]);
    expect(await t.db.agent.count({ where: { name: "ctx_bad" } })).toBe(0);
  });
});

describe("a conversation's context values", () => {
  it("are checked against the pinned version's schema, stored and answered by the detail", async () => {
    const context = { plan: "pro", company: "ACME", seats: 12 };
    const res = await start({ agentId, context });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ agentVersion: 1, context });
    const read = await detail(res.json.id);
    expect(read.json.context).toEqual(context);
    const row = await t.db.conversation.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(row.context).toEqual(context);
  });

  it("a missing required field, a wrong type, a value outside the enum and an unknown key: 400 naming each, nothing created", async () => {
    const before = await t.db.conversation.count();
    const res = await start({ agentId, context: { plan: "gold", seats: "12", beta: 1, region: "eu" } });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(paths(res)).toEqual(["context.region", "context.plan", "context.company", "context.seats", "context.beta"]);
    expect(res.json.error.message).toBe(
      "context.region: region is not a context field of this agent version (its fields: plan, company, seats, beta)",
    );
    const messages = res.json.error.issues.map((i: { message: string }) => i.message);
    expect(messages).toContain('plan must be one of "free", "pro"; got "gold"');
    expect(messages).toContain("company is required (a string)");
    expect(messages).toContain('seats must be a number; got "12"');
    expect(messages).toContain("beta must be a boolean; got 1");

    const none = await start({ agentId });
    expect(paths(none)).toEqual(["context.plan", "context.company"]);
    const notAnObject = await start({ agentId, context: ["pro"] });
    expect(notAnObject.status).toBe(400);
    expect(paths(notAnObject)).toEqual(["context"]);
    expect(await t.db.conversation.count()).toBe(before);
  });

  it("an agent without a schema takes none ({} by default) and refuses any key", async () => {
    const plain = await callRoute(agents.POST, "/api/agents", { ...as, body: { name: "ctx_plain", model } });
    expect(plain.status).toBe(201);
    expect(plain.json.agent.contextSchema).toEqual({ fields: [] });
    const ok = await start({ agentId: plain.json.agent.id });
    expect(ok.status).toBe(201);
    expect(ok.json.context).toEqual({});
    const refused = await start({ agentId: plain.json.agent.id, context: { plan: "pro" } });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe(
      "context.plan: plan is not a context field: this agent version declares none",
    );
  });

  it("stay fixed: a move to a version requiring a field the conversation lacks is a 400 naming it; other moves keep them", async () => {
    const c = await start({ agentId, context: { plan: "free", company: "Initech" } });
    expect(c.status).toBe(201);
    const region = { name: "region", type: "string", required: true };
    const v2 = await save({ name: "ctx_agent", prompt, model, contextSchema: { fields: [...SCHEMA.fields, region] } });
    expect(v2.json.agent.version).toBe(2);
    const refused = await move(c.json.id, { version: 2 });
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe("validation_error");
    expect(paths(refused)).toEqual(["context.region"]);
    expect(refused.json.error.message).toMatch(/^context\.region: v2 requires the context field region/);
    expect((await detail(c.json.id)).json.agentVersion).toBe(1);

    const v3 = await save({
      name: "ctx_agent",
      prompt,
      model,
      contextSchema: { fields: [...SCHEMA.fields, { ...region, required: false }] },
    });
    expect(v3.json.agent.version).toBe(3);
    const moved = await move(c.json.id, { version: 3 });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json.agentVersion).toBe(3);
    expect((await detail(c.json.id)).json).toMatchObject({
      agentVersion: 3,
      context: { plan: "free", company: "Initech" },
    });
    // A conversation started on v2 must give the region.
    const onV2 = await start({ agentId, version: 2, context: { plan: "pro", company: "ACME" } });
    expect(paths(onV2)).toEqual(["context.region"]);
  });
});

describe("a tool's test run", () => {
  it("takes context values as ctx.context (none: empty)", async () => {
    const source = `import { tool, type RunContext } from "atelier";

/** Report the plan of the conversation the call belongs to. */
export default tool({ sideEffecting: false }, function read_plan(ctx: RunContext): string {
  const values = (ctx as unknown as { context?: Record<string, unknown> }).context ?? {};
  return String(values.plan ?? "none");
});
`;
    const created = await callRoute(tools.POST, "/api/tools", { ...as, body: { source } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.tool.id as string;
    const run = (body: unknown) => callRoute(invoke.POST, `/api/tools/${id}/invoke`, { ...as, params: { id }, body });
    expect((await run({ arguments: {}, context: { plan: "pro" } })).json).toMatchObject({ ok: true, result: "pro" });
    expect((await run({ arguments: {} })).json).toMatchObject({ ok: true, result: "none" });
    const bad = await run({ arguments: {}, context: { plan: { nested: true } } });
    expect(bad.status).toBe(400);
    expect(paths(bad)).toEqual(["context.plan"]);
  });
});
