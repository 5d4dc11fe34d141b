/**
 * Agent versions and release labels through the HTTP API: every change a version, a save equal to
 * the latest none; labels moved on purpose (rollback included); conversations pinned to the version
 * they started on while production moves; a conversation moved on purpose (AgentVersionChanged);
 * children run their production version; in-use only for the latest and labelled versions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { seedStudio } from "@/lib/db/seed-demo";
import { DEMO_SEED_STEPS } from "@/lib/demo/demo-steps";
import { parseSse } from "@/lib/runs/testing/sse";
import { closeServer } from "@/lib/server/server";
import * as agents from "./route";
import * as agent from "./[id]/route";
import * as versions from "./[id]/versions/route";
import * as version from "./[id]/versions/[n]/route";
import * as restore from "./[id]/versions/[n]/restore/route";
import * as labels from "./[id]/labels/route";
import * as label from "./[id]/labels/[label]/route";
import * as conversations from "../conversations/route";
import * as conversation from "../conversations/[id]/route";
import * as messages from "../conversations/[id]/messages/route";
import * as agentVersion from "../conversations/[id]/agent-version/route";
import * as tool from "../tools/[id]/route";
import * as audit from "../audit/route";

let t: TestDatabase;
const ADMIN = "agent-versions-int-admin-token-0123456789";
const savedEnv = { ...process.env };
let cityToolId = "";

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  await seedStudio(t.db, DEMO_SEED_STEPS, { demo: true });
  cityToolId = (await t.db.tool.findFirstOrThrow({ where: { name: "city_population" } })).id;
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

const base = (name: string, template: string) => ({
  name,
  description: "Answers questions about cities for the versions test.",
  prompt: { template },
  model: { provider: "demo", model: "demo", contextLength: 32000 },
  tools: [{ toolId: cityToolId }],
});
const create = (body: unknown) => callRoute(agents.POST, "/api/agents", { body, bearer: ADMIN });
const save = (id: string, body: unknown) =>
  callRoute(agent.PUT, `/api/agents/${id}`, { method: "PUT", params: { id }, body, bearer: ADMIN });
const moveLabel = (id: string, name: string, body: unknown) =>
  callRoute(label.PUT, `/api/agents/${id}/labels/${name}`, {
    method: "PUT",
    params: { id, label: name },
    body,
    bearer: ADMIN,
  });
const getLabels = (id: string) => callRoute(labels.GET, `/api/agents/${id}/labels`, { params: { id }, bearer: ADMIN });
const newConversation = (body: Record<string, unknown>) =>
  callRoute(conversations.POST, "/api/conversations", { body, bearer: ADMIN });
const send = (id: string, content: string) =>
  callRoute(messages.POST, `/api/conversations/${id}/messages`, { params: { id }, body: { content }, bearer: ADMIN });
const detail = (id: string) =>
  callRoute(conversation.GET, `/api/conversations/${id}`, { params: { id }, bearer: ADMIN });
const moveConversation = (id: string, body: unknown) =>
  callRoute(agentVersion.POST, `/api/conversations/${id}/agent-version`, { params: { id }, body, bearer: ADMIN });

async function runStartedVersion(conversationId: string, content = "What is the population of Paris?") {
  const res = await send(conversationId, content);
  expect(res.status).toBe(200);
  const started = parseSse(res.json).find((f) => f.event === "RunStarted")!;
  return started.data.data.agentVersion as number;
}

describe("versions", () => {
  it("every change is a version; a save equal to the latest creates none; GET answers the version", async () => {
    const created = await create(base("versioned", "You answer in one line."));
    expect(created.status).toBe(201);
    expect(created.json.agent.version).toBe(1);
    const id = created.json.agent.id;

    const same = await save(id, created.json.agent);
    expect(same.status).toBe(200);
    expect(same.json.agent.version).toBe(1);

    const changed = await save(id, { ...created.json.agent, prompt: { template: "You answer in two lines." } });
    expect(changed.json.agent.version).toBe(2);
    // Name and lifetime limits are agent-wide: changing only them makes no version.
    const renamed = await save(id, {
      ...changed.json.agent,
      name: "versioned_renamed",
      agentLimits: { ...changed.json.agent.agentLimits, agentRequestLimit: 500 },
    });
    expect(renamed.json.agent.version).toBe(2);
    expect(renamed.json.agent.name).toBe("versioned_renamed");

    const list = await callRoute(versions.GET, `/api/agents/${id}/versions`, { params: { id }, bearer: ADMIN });
    expect(list.status).toBe(200);
    expect(list.json.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(list.json.versions[0]).toMatchObject({ createdBy: "ATELIER_ADMIN_TOKEN", labels: [] });

    const v1 = await callRoute(version.GET, `/api/agents/${id}/versions/1`, { params: { id, n: "1" }, bearer: ADMIN });
    expect(v1.status).toBe(200);
    expect(v1.json.agent).toMatchObject({
      version: 1,
      name: "versioned_renamed",
      prompt: { template: "You answer in one line." },
    });
    expect(v1.json.agent.agentLimits.agentRequestLimit).toBe(500);
    expect(v1.json.toolNames).toEqual(["city_population"]);

    const missing = await callRoute(version.GET, `/api/agents/${id}/versions/9`, {
      params: { id, n: "9" },
      bearer: ADMIN,
    });
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toContain("no version 9");
    const bad = await callRoute(version.GET, `/api/agents/${id}/versions/x`, { params: { id, n: "x" }, bearer: ADMIN });
    expect(bad.status).toBe(400);

    const restored = await callRoute(restore.POST, `/api/agents/${id}/versions/1/restore`, {
      method: "POST",
      params: { id, n: "1" },
      bearer: ADMIN,
    });
    expect(restored.status).toBe(200);
    expect(restored.json.agent).toMatchObject({ version: 3, prompt: { template: "You answer in one line." } });
  });
});

describe("labels and pinned conversations", () => {
  it("production moves only on purpose; old conversations keep their version, new ones take the label; rollback", async () => {
    const created = await create(base("labelled", "Version one."));
    const id = created.json.agent.id;
    expect((await getLabels(id)).json.labels).toEqual({ production: null, staging: null });

    // Production unset: a conversation takes the latest.
    const c1 = await newConversation({ agentId: id });
    expect(c1.status).toBe(201);
    expect(c1.json).toMatchObject({ agentVersion: 1, latestVersion: 1 });
    await save(id, { ...created.json.agent, prompt: { template: "Version two." } });

    // Old conversations keep their version while the agent moves on.
    expect(await runStartedVersion(c1.json.id)).toBe(1);
    const runRow = await t.db.run.findFirstOrThrow({ where: { conversationId: c1.json.id } });
    expect(runRow.agentVersion).toBe(1);
    const d1 = await detail(c1.json.id);
    expect(d1.json).toMatchObject({ agentVersion: 1, latestVersion: 2 });
    expect(d1.json.runs[0].agentVersion).toBe(1);

    const moved = await moveLabel(id, "production", { version: 1 });
    expect(moved.status).toBe(200);
    expect(moved.json).toEqual({ label: "production", version: 1, previous: null });
    const c2 = await newConversation({ agentId: id });
    expect(c2.json.agentVersion).toBe(1);
    const c3 = await newConversation({ agentId: id, version: 2 });
    expect(c3.json.agentVersion).toBe(2);
    expect(await runStartedVersion(c3.json.id)).toBe(2);

    // A new label, then a conversation by label; both at once is refused.
    expect((await moveLabel(id, "canary", { version: 2 })).status).toBe(200);
    expect((await newConversation({ agentId: id, label: "canary" })).json.agentVersion).toBe(2);
    const both = await newConversation({ agentId: id, version: 1, label: "canary" });
    expect(both.status).toBe(400);
    expect(both.json.error.code).toBe("validation_error");
    expect((await newConversation({ agentId: id, label: "nope" })).status).toBe(404);
    expect((await newConversation({ agentId: id, version: 7 })).status).toBe(404);
    expect((await moveLabel(id, "production", { version: 7 })).status).toBe(404);
    const badName = await moveLabel(id, "Prod!", { version: 1 });
    expect(badName.status).toBe(400);

    // Production to 2 while c2 is pinned to 1; then rolled back to 1.
    expect((await moveLabel(id, "production", { version: 2 })).json.previous).toBe(1);
    expect(await runStartedVersion(c2.json.id)).toBe(1);
    expect((await newConversation({ agentId: id })).json.agentVersion).toBe(2);
    expect((await moveLabel(id, "production", { version: 1 })).json.previous).toBe(2);
    expect((await newConversation({ agentId: id })).json.agentVersion).toBe(1);
    expect((await getLabels(id)).json.labels).toEqual({ production: 1, staging: null, canary: 2 });

    const log = await callRoute(audit.GET, "/api/audit", { bearer: ADMIN });
    const moves = log.json.entries.filter((e: { action: string }) => e.action === "agent.label_moved");
    expect(moves.length).toBeGreaterThanOrEqual(4);
    expect(moves[0].details).toMatchObject({ agentId: id, label: "production", from: 2, to: 1 });
  });

  it("a conversation moves to another version on purpose, recorded as AgentVersionChanged", async () => {
    const created = await create(base("movable", "One."));
    const id = created.json.agent.id;
    await save(id, { ...created.json.agent, prompt: { template: "Two." } });
    await moveLabel(id, "production", { version: 1 });
    const c = await newConversation({ agentId: id });
    expect(c.json.agentVersion).toBe(1);
    const moved = await moveConversation(c.json.id, { version: 2 });
    expect(moved.status).toBe(200);
    expect(moved.json.agentVersion).toBe(2);
    expect(moved.json.event).toMatchObject({
      type: "AgentVersionChanged",
      runId: null,
      data: { from: 1, to: 2, label: null },
    });
    const again = await moveConversation(c.json.id, { version: 2 });
    expect(again.json.event).toBeNull();
    const byLabel = await moveConversation(c.json.id, { label: "production" });
    expect(byLabel.json.event.data).toEqual({ from: 2, to: 1, label: "production" });
    expect(await runStartedVersion(c.json.id)).toBe(1);
    expect((await moveConversation(c.json.id, {})).status).toBe(400);
    expect((await moveConversation(c.json.id, { version: 1, label: "production" })).status).toBe(400);
    expect((await moveConversation(c.json.id, { version: 9 })).status).toBe(404);
    expect((await moveConversation("nope", { version: 1 })).status).toBe(404);
  });

  it("a conversation waiting for approval cannot move (409 RunSuspended), and nothing changes", async () => {
    const billing = await t.db.agent.findFirstOrThrow({ where: { name: "billing" } });
    const c = await newConversation({ agentId: billing.id });
    const res = await send(c.json.id, "Refund order A-1001 for 5 EUR please.");
    expect(res.status).toBe(200);
    const d = await detail(c.json.id);
    expect(d.json.activeRun?.status).toBe("suspended");
    const refused = await moveConversation(c.json.id, { version: 1 });
    // Already on 1: same version answers no change; a real move is refused.
    expect([200, 409]).toContain(refused.status);
    const current = (await t.db.agent.findUniqueOrThrow({ where: { id: billing.id } })).latestVersion;
    const view = (
      await callRoute(agent.GET, `/api/agents/${billing.id}`, { params: { id: billing.id }, bearer: ADMIN })
    ).json.agent;
    await save(billing.id, { ...view, prompt: { ...view.prompt, template: `${view.prompt.template}\nBe brief.` } });
    const move = await moveConversation(c.json.id, { version: current + 1 });
    expect(move.status).toBe(409);
    expect(move.json.error.code).toBe("RunSuspended");
    expect((await detail(c.json.id)).json.agentVersion).toBe(1);
  });
});

describe("in use, follow latest and children", () => {
  it("a tool is in use only while the latest or a labelled version references it; a version using a deleted tool cannot be restored or labelled", async () => {
    const workspaceId = (await t.db.agent.findFirstOrThrow()).workspaceId;
    const temp = await t.db.tool.create({ data: { workspaceId, name: "temp_tool" } });
    await t.db.toolVersion.create({
      data: {
        toolId: temp.id,
        version: 1,
        source: "// temp",
        analysis: {
          name: "temp_tool",
          description: "A temporary tool for the versions test.",
          sideEffecting: false,
        } as never,
        diagnostics: [],
        hasErrors: false,
      },
    });
    const created = await create({ ...base("uses_temp", "Uses temp."), tools: [{ toolId: temp.id }] });
    const id = created.json.agent.id;
    const del = () =>
      callRoute(tool.DELETE, `/api/tools/${temp.id}`, { method: "DELETE", params: { id: temp.id }, bearer: ADMIN });
    await moveLabel(id, "staging", { version: 1 });
    await save(id, { ...created.json.agent, tools: [] });
    // v1 is staging: still in use.
    expect((await del()).status).toBe(409);
    await moveLabel(id, "staging", { version: 2 });
    expect((await del()).status).toBe(200);
    const refused = await callRoute(restore.POST, `/api/agents/${id}/versions/1/restore`, {
      method: "POST",
      params: { id, n: "1" },
      bearer: ADMIN,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("tool_gone");
    expect(refused.json.error.message).toContain("'temp_tool'");
    const label = await moveLabel(id, "production", { version: 1 });
    expect(label.status).toBe(409);
    expect((await getLabels(id)).json.labels.production).toBeNull();
  });

  it("follow latest: each run takes the newest runnable version, recorded on RunStarted; freezeTools pins it when a label moves", async () => {
    const created = await create({
      ...base("follower", "Follows."),
      tools: [{ toolId: cityToolId, follow: "latest" }],
    });
    expect(created.status).toBe(201);
    expect(created.json.agent.tools).toEqual([{ toolId: cityToolId, follow: "latest" }]);
    const id = created.json.agent.id;
    const c = await newConversation({ agentId: id });
    const res = await send(c.json.id, "What is the population of Paris?");
    const started = parseSse(res.json).find((f) => f.event === "RunStarted")!.data.data;
    const latest = await t.db.toolVersion.findFirstOrThrow({
      where: { toolId: cityToolId },
      orderBy: { version: "desc" },
    });
    expect(started.followedTools).toEqual([{ toolId: cityToolId, name: "city_population", version: latest.version }]);

    const frozen = await moveLabel(id, "production", { version: 1, freezeTools: true });
    expect(frozen.json).toMatchObject({ label: "production", version: 2, frozenFrom: 1 });
    const v2 = await callRoute(version.GET, `/api/agents/${id}/versions/2`, { params: { id, n: "2" }, bearer: ADMIN });
    expect(v2.json.agent.tools).toEqual([{ toolId: cityToolId, toolVersionId: latest.id }]);
    const both = await save(id, {
      ...created.json.agent,
      tools: [{ toolId: cityToolId, toolVersionId: latest.id, follow: "latest" }],
    });
    expect(both.status).toBe(400);
  });

  it("an agent called as a tool runs its production version, recorded on the child's RunStarted", async () => {
    const child = await create(base("child_agent", "Child one."));
    const childId = child.json.agent.id;
    await save(childId, { ...child.json.agent, prompt: { template: "Child two." } });
    await moveLabel(childId, "production", { version: 1 });
    const parent = await create({
      ...base("parent_agent", "Parent."),
      tools: [{ agentId: childId, sideEffecting: false }],
    });
    const c = await newConversation({ agentId: parent.json.agent.id });
    const res = await send(c.json.id, "Ask child_agent about Paris");
    const starts = parseSse(res.json)
      .filter((f) => f.event === "RunStarted")
      .map((f) => f.data.data);
    const childStart = starts.find((s) => s.agentId === childId);
    expect(childStart?.agentVersion).toBe(1);
    // The child agent is in use by the parent's latest version.
    const del = await callRoute(agent.DELETE, `/api/agents/${childId}`, {
      method: "DELETE",
      params: { id: childId },
      bearer: ADMIN,
    });
    expect(del.status).toBe(409);
  });
});
