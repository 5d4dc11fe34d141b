/**
 * The canvas through the HTTP API (SQLite, and PostgreSQL when ATELIER_TEST_PG_URL is set;
 * docs/canvas.md): the workspace graph (nodes, flags, badges, edges, configs, narrowing), a save
 * writing the same version as the agent form's, a save refused as a whole (a cycle in the edited
 * graph, one invalid agent among two), an unchanged save creating no version, positions, roles,
 * and the conversation graph at the versions its runs recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "@/lib/api/testing/call-route";
import { createRoleTokens } from "@/lib/api/testing/role-tokens";
import type { Role } from "@/lib/auth/roles.shared";
import { attachToAgent, canConnect, detachEdge } from "@/lib/canvas/canvas-edits.shared";
import type { CanvasGraph, CanvasNode } from "@/lib/canvas/canvas-graph.shared";
import { currentWorkspaceId } from "@/lib/db/workspace";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { closeServer } from "@/lib/server/server";
import * as tools from "@/app/api/tools/route";
import * as agents from "@/app/api/agents/route";
import * as agent from "@/app/api/agents/[id]/route";
import * as conversations from "@/app/api/conversations/route";
import * as canvas from "./route";
import * as positions from "./positions/route";
import * as save from "./save/route";
import * as conversationGraph from "./conversations/[id]/route";

let t: TestDatabase;
const ADMIN = "canvas-int-admin-token-0123456789";
const savedEnv = { ...process.env };
const tokens: Partial<Record<Role, string>> = {};
const ids: Record<string, string> = {};
let shakyV1 = "";

const LOOKUP = `import { tool, type RunContext } from "atelier";

/**
 * Look up a customer in the CRM by their e-mail address and answer their account.
 *
 * @param email The customer's e-mail address.
 */
export default tool({ sideEffecting: false, idempotent: true, connections: ["crm"] }, function crm_lookup(email: string, ctx: RunContext): string {
  return email + ctx.connections.crm.region;
});
`;

const demo = { provider: "demo", model: "demo" };
const newAgent = async (name: string, extra: Record<string, unknown> = {}) => {
  const res = await callRoute(agents.POST, "/api/agents", {
    body: { name, description: `The ${name} agent of the canvas test.`, model: demo, ...extra },
    bearer: ADMIN,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.agent.id as string;
};
const getGraph = async (query = "", bearer = tokens.viewer!) => {
  const res = await callRoute(canvas.GET, `/api/canvas${query}`, { bearer });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as CanvasGraph;
};
const saveCanvas = (agentsBody: unknown, bearer = tokens.author!) =>
  callRoute(save.POST, "/api/canvas/save", { body: { agents: agentsBody }, bearer });
const versionRows = (agentId: string) =>
  t.db.agentVersion.findMany({ where: { agentId }, orderBy: { version: "asc" } });
const node = (g: CanvasGraph, id: string) => g.nodes.find((n) => n.id === id) as CanvasNode;

beforeAll(async () => {
  t = await createTestDatabase();
  process.env.ATELIER_ADMIN_TOKEN = ADMIN;
  Object.assign(tokens, await createRoleTokens(t.db, ["viewer", "author"], "canvas.test"));
  const workspaceId = await currentWorkspaceId(t.db);
  const created = await callRoute(tools.POST, "/api/tools", { body: { source: LOOKUP }, bearer: ADMIN });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  ids.lookup = created.json.tool.id;
  // A tool whose v1 is clean and whose v2 has definition errors.
  const shaky = await t.db.tool.create({ data: { workspaceId, name: "shaky" } });
  ids.shaky = shaky.id;
  shakyV1 = (
    await t.db.toolVersion.create({
      data: {
        toolId: shaky.id,
        version: 1,
        source: "// v1",
        analysis: { name: "shaky", description: "A shaky tool.", sideEffecting: true, requiresApproval: true } as never,
        diagnostics: [],
        hasErrors: false,
      },
    })
  ).id;
  ids.shakyV2 = (
    await t.db.toolVersion.create({
      data: { toolId: shaky.id, version: 2, source: "// v2", diagnostics: [], hasErrors: true },
    })
  ).id;
  await t.db.connection.create({ data: { workspaceId, name: "billing" } });
  ids.child = await newAgent("child");
  ids.parent = await newAgent("parent", { tools: [{ agentId: ids.child, sideEffecting: false }] });
  ids.twinA = await newAgent("twin_a");
  ids.twinB = await newAgent("twin_b");
});
afterAll(async () => {
  process.env = savedEnv;
  await closeServer();
  await t?.cleanup();
});

describe("the workspace graph", () => {
  it("draws agents, tools with their flags and badges, connections and who uses what", async () => {
    const g = await getGraph();
    expect(node(g, `agent:${ids.parent}`)).toMatchObject({
      kind: "agent",
      label: "parent",
      data: { name: "parent", version: 1, activeModel: "demo:demo", rosterSize: 0, autonomy: "auto", labels: {} },
    });
    expect(node(g, `tool:${ids.lookup}`)).toMatchObject({
      kind: "tool",
      data: { name: "crm_lookup", latestVersion: 1, clean: true, sideEffecting: false, idempotent: true },
      badges: [{ kind: "missing-connection" }],
    });
    expect(node(g, `tool:${ids.shaky}`)).toMatchObject({
      data: {
        latestVersion: 2,
        clean: false,
        newestCleanVersionId: shakyV1,
        newestCleanVersion: 1,
        sideEffecting: true,
      },
      badges: [{ kind: "definition-errors", message: "v2 has definition errors" }],
    });
    expect(node(g, "connection:crm")).toMatchObject({
      data: { exists: false },
      badges: [{ kind: "missing-connection" }],
    });
    expect(node(g, "connection:billing")).toMatchObject({ data: { exists: true }, badges: [] });
    expect(g.edges).toContainEqual({
      id: `agent:${ids.parent}->agent:${ids.child}`,
      source: `agent:${ids.parent}`,
      target: `agent:${ids.child}`,
      kind: "uses-agent",
      entry: { agentId: ids.child, sideEffecting: false },
    });
    expect(g.edges).toContainEqual(
      expect.objectContaining({ source: `tool:${ids.lookup}`, target: "connection:crm", kind: "needs-connection" }),
    );
    expect(Object.keys(g.configs).sort()).toEqual([ids.child, ids.parent, ids.twinA, ids.twinB].sort());
    // The built-in tool sets are drawn unused, to be attached from the canvas.
    expect(g.nodes.filter((n) => n.kind === "builtin").map((n) => n.id)).toEqual([
      "builtin:memory",
      "builtin:workspace",
    ]);
  });

  it("?agentId narrows to the agent, what it uses and who uses it; an unknown agent is a 404", async () => {
    const child = await getGraph(`?agentId=${ids.child}`);
    expect(child.nodes.map((n) => n.id).sort()).toEqual([`agent:${ids.child}`, `agent:${ids.parent}`].sort());
    expect(Object.keys(child.configs).sort()).toEqual([ids.child, ids.parent].sort());
    expect(child.edges.map((e) => e.kind)).toEqual(["uses-agent"]);
    const twin = await getGraph(`?agentId=${ids.twinA}`);
    expect(twin.nodes.map((n) => n.id)).toEqual([`agent:${ids.twinA}`]);
    const missing = await callRoute(canvas.GET, "/api/canvas?agentId=nope", { bearer: tokens.viewer });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("not_found");
  });
});

describe("saving", () => {
  it("an untouched configuration answers changed:false and creates no version", async () => {
    const g = await getGraph();
    const before = await versionRows(ids.parent);
    const res = await saveCanvas([{ agentId: ids.parent, config: g.configs[ids.parent] }]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ agents: [{ agentId: ids.parent, version: 1, changed: false }] });
    expect(await versionRows(ids.parent)).toHaveLength(before.length);
  });

  it("attaching a tool on the canvas stores the same version as the same edit in the agent form", async () => {
    const g = await getGraph();
    const edited = attachToAgent(g, g.configs, ids.twinA, `tool:${ids.lookup}`);
    const res = await saveCanvas([{ agentId: ids.twinA, config: edited[ids.twinA] }]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.agents).toEqual([{ agentId: ids.twinA, version: 2, changed: true }]);
    // The form: the GET answer with the tool added (unpinned: the server pins its newest version).
    const form = (await callRoute(agent.GET, `/api/agents/${ids.twinB}`, { params: { id: ids.twinB }, bearer: ADMIN }))
      .json.agent;
    const put = await callRoute(agent.PUT, `/api/agents/${ids.twinB}`, {
      method: "PUT",
      params: { id: ids.twinB },
      body: { ...form, description: "The twin_a agent of the canvas test.", tools: [{ toolId: ids.lookup }] },
      bearer: tokens.author,
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    const [a, b] = [(await versionRows(ids.twinA)).at(-1)!, (await versionRows(ids.twinB)).at(-1)!];
    expect(a.version).toBe(2);
    expect(b.version).toBe(2);
    expect(a.config).toEqual(b.config);
    expect(a.createdByName).toBe(b.createdByName);
    // The graph draws it pinned to the version the save stored.
    const after = await getGraph();
    expect(after.edges.find((e) => e.id === `agent:${ids.twinA}->tool:${ids.lookup}`)).toMatchObject({
      kind: "uses-tool",
      pinnedVersion: 1,
    });
  });

  it("a cycle in the edited graph saves nothing: 400 with the registry's message at the entry", async () => {
    const g = await getGraph();
    // The browser refuses the drag with the registry's message; a client that sends it anyway gets a 400.
    expect(canConnect(g, g.configs, `agent:${ids.child}`, `agent:${ids.parent}`)).toEqual({
      ok: false,
      reason: "using 'parent' as a tool would create a cycle: child → parent → child",
    });
    const edited = { [ids.child]: { ...g.configs[ids.child], tools: [{ agentId: ids.parent, sideEffecting: false }] } };
    const [parentBefore, childBefore] = [await versionRows(ids.parent), await versionRows(ids.child)];
    const res = await saveCanvas([
      { agentId: ids.twinA, config: { ...g.configs[ids.twinA], description: "Changed beside the cycle." } },
      { agentId: ids.child, config: edited[ids.child] },
    ]);
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.issues).toEqual([
      {
        path: "agents.1.config.tools.0.agentId",
        message: "using 'parent' as a tool would create a cycle: child → parent → child",
        code: "custom",
      },
    ]);
    expect(await versionRows(ids.parent)).toHaveLength(parentBefore.length);
    expect(await versionRows(ids.child)).toHaveLength(childBefore.length);
    expect(await versionRows(ids.twinA)).toHaveLength(2);
  });

  it("cycles are judged on the edited graph: detaching one way and attaching the other in one save is fine", async () => {
    const g = await getGraph();
    const detached = detachEdge(g.configs, {
      source: `agent:${ids.parent}`,
      target: `agent:${ids.child}`,
      kind: "uses-agent",
    });
    const flipped = attachToAgent(g, detached, ids.child, `agent:${ids.parent}`);
    const res = await saveCanvas([
      { agentId: ids.parent, config: flipped[ids.parent] },
      { agentId: ids.child, config: flipped[ids.child] },
    ]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.agents).toEqual([
      { agentId: ids.parent, version: 2, changed: true },
      { agentId: ids.child, version: 2, changed: true },
    ]);
    // And back, again in one save (parent v3 uses child, child v3 uses nobody).
    const now = await getGraph();
    const back = attachToAgent(
      now,
      detachEdge(now.configs, { source: `agent:${ids.child}`, target: `agent:${ids.parent}`, kind: "uses-agent" }),
      ids.parent,
      `agent:${ids.child}`,
    );
    const res2 = await saveCanvas([
      { agentId: ids.child, config: back[ids.child] },
      { agentId: ids.parent, config: back[ids.parent] },
    ]);
    expect(res2.status, JSON.stringify(res2.json)).toBe(200);
    expect(res2.json.agents.map((a: { version: number }) => a.version)).toEqual([3, 3]);
  });

  it("two agents where one is invalid save nothing; issues name the agent's position", async () => {
    const g = await getGraph();
    const good = attachToAgent(g, g.configs, ids.twinB, "tool:" + ids.shaky);
    const res = await saveCanvas([
      { agentId: ids.twinB, config: good[ids.twinB] },
      {
        agentId: ids.twinA,
        config: { ...g.configs[ids.twinA], tools: [{ toolId: ids.shaky, toolVersionId: ids.shakyV2 }] },
      },
      { agentId: "no-such-agent", config: g.configs[ids.twinA] },
    ]);
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.error.issues).toEqual([
      {
        path: "agents.1.config.tools.0.toolId",
        message: "tool 'shaky' v2 has definition errors; fix them in the Tool Studio before attaching it",
        code: "custom",
      },
      { path: "agents.2.agentId", message: "no agent with id 'no-such-agent' in this workspace", code: "custom" },
    ]);
    expect(await versionRows(ids.twinB)).toHaveLength(2);
    expect(await versionRows(ids.twinA)).toHaveLength(2);
    // Alone, the valid one saves: pinned to the newest clean version (v1), as the form pins.
    const alone = await saveCanvas([{ agentId: ids.twinB, config: good[ids.twinB] }]);
    expect(alone.status, JSON.stringify(alone.json)).toBe(200);
    const stored = (await versionRows(ids.twinB)).at(-1)!.config as { tools: unknown[] };
    expect(stored.tools).toContainEqual({ toolId: ids.shaky, toolVersionId: shakyV1 });
  });

  it("an agent twice in one save, or two agents given one name, save nothing", async () => {
    const g = await getGraph();
    const twice = await saveCanvas([
      { agentId: ids.twinA, config: g.configs[ids.twinA] },
      { agentId: ids.twinA, config: { ...g.configs[ids.twinA], description: "Again." } },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.json.error.issues).toEqual([
      { path: "agents.1.agentId", message: "this agent is already in the save at position 1", code: "custom" },
    ]);
    const sameName = await saveCanvas([
      { agentId: ids.twinA, config: { ...g.configs[ids.twinA], name: "twin_c" } },
      { agentId: ids.twinB, config: { ...g.configs[ids.twinB], name: "twin_c" } },
    ]);
    expect(sameName.status).toBe(400);
    expect(sameName.json.error.issues).toEqual([
      {
        path: "agents.1.config.name",
        message: "an agent named 'twin_c' is already in the save at position 1",
        code: "custom",
      },
    ]);
    expect((await t.db.agent.findUniqueOrThrow({ where: { id: ids.twinA } })).name).toBe("twin_a");
  });

  it("a body the schema refuses is a 400 with paths under agents", async () => {
    const res = await saveCanvas([{ agentId: ids.twinA, config: { name: "bad name!", model: demo } }]);
    expect(res.status).toBe(400);
    expect(res.json.error.issues[0].path).toBe("agents.0.config.name");
    expect((await saveCanvas([])).status).toBe(400);
  });
});

describe("positions and roles", () => {
  it("a viewer may read but neither save nor move nodes", async () => {
    const g = await getGraph();
    expect((await saveCanvas([{ agentId: ids.parent, config: g.configs[ids.parent] }], tokens.viewer)).status).toBe(
      403,
    );
    const put = await callRoute(positions.PUT, "/api/canvas/positions", {
      method: "PUT",
      body: { positions: [{ nodeId: `agent:${ids.parent}`, x: 1, y: 2 }] },
      bearer: tokens.viewer,
    });
    expect(put.status).toBe(403);
    const del = await callRoute(positions.DELETE, "/api/canvas/positions", { method: "DELETE", bearer: tokens.viewer });
    expect(del.status).toBe(403);
    expect(await t.db.canvasPosition.count()).toBe(0);
  });

  it("positions round-trip (upsert per node) and reset", async () => {
    const put = (body: unknown) =>
      callRoute(positions.PUT, "/api/canvas/positions", { method: "PUT", body, bearer: tokens.author });
    const first = await put({
      positions: [
        { nodeId: `agent:${ids.parent}`, x: 10, y: 20 },
        { nodeId: "connection:crm", x: -5.5, y: 0 },
      ],
    });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const second = await put({ positions: [{ nodeId: `agent:${ids.parent}`, x: 30, y: 40 }] });
    expect(second.json.positions).toEqual({
      [`agent:${ids.parent}`]: { x: 30, y: 40 },
      "connection:crm": { x: -5.5, y: 0 },
    });
    expect((await getGraph()).positions).toEqual(second.json.positions);
    // A narrowed graph answers only its nodes' positions.
    expect((await getGraph(`?agentId=${ids.parent}`)).positions).toEqual({ [`agent:${ids.parent}`]: { x: 30, y: 40 } });
    expect((await put({ positions: [{ nodeId: "x", x: Number.NaN, y: 0 }] })).status).toBe(400);
    const reset = await callRoute(positions.DELETE, "/api/canvas/positions", {
      method: "DELETE",
      bearer: tokens.author,
    });
    expect(reset.json).toEqual({ deleted: 2 });
    expect((await getGraph()).positions).toEqual({});
  });
});

describe("the conversation graph", () => {
  it("draws the conversation's agent and its children at the versions their runs recorded", async () => {
    // parent v3 uses child (v3 uses nobody); a new conversation runs the latest (no production label).
    const created = await callRoute(conversations.POST, "/api/conversations", {
      body: { agentId: ids.parent },
      bearer: ADMIN,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as string;
    const get = () =>
      callRoute(conversationGraph.GET, `/api/canvas/conversations/${id}`, { params: { id }, bearer: tokens.viewer });
    const before = await get();
    expect(before.status, JSON.stringify(before.json)).toBe(200);
    expect(before.json).toMatchObject({ conversationId: id, agentId: ids.parent, version: 3 });
    expect(node(before.json.graph, `agent:${ids.child}`).data).toMatchObject({ version: 3 });
    expect(before.json.graph.nodes.map((n: CanvasNode) => n.id).sort()).toEqual(
      [`agent:${ids.parent}`, `agent:${ids.child}`].sort(),
    );
    // Runs recorded: the turn ran parent v2 (which did not use child), a child run ran child v2 (which used parent).
    const root = await t.db.run.create({
      data: { conversationId: id, agentId: ids.parent, agentVersion: 2, status: "completed", kind: "turn" },
    });
    await t.db.run.create({
      data: {
        conversationId: id,
        agentId: ids.child,
        agentVersion: 1,
        status: "completed",
        kind: "child",
        parentRunId: root.id,
        rootRunId: root.id,
        depth: 1,
      },
    });
    const after = await get();
    expect(after.status, JSON.stringify(after.json)).toBe(200);
    expect(after.json.version).toBe(2);
    const graph = after.json.graph as CanvasGraph;
    expect(node(graph, `agent:${ids.parent}`).data).toMatchObject({ version: 2 });
    // Parent v2 used no agent: the child is not part of what it ran.
    expect(graph.nodes.map((n) => n.id)).toEqual([`agent:${ids.parent}`]);
    expect(graph.configs[ids.parent].tools).toEqual([]);
    const missing = await callRoute(conversationGraph.GET, "/api/canvas/conversations/nope", {
      params: { id: "nope" },
      bearer: tokens.viewer,
    });
    expect(missing.status).toBe(404);
  });

  it("child agents take the version their child runs recorded", async () => {
    const created = await callRoute(conversations.POST, "/api/conversations", {
      body: { agentId: ids.parent, version: 1 },
      bearer: ADMIN,
    });
    const id = created.json.id as string;
    const root = await t.db.run.create({
      data: { conversationId: id, agentId: ids.parent, agentVersion: 1, status: "completed", kind: "turn" },
    });
    await t.db.run.create({
      data: {
        conversationId: id,
        agentId: ids.child,
        agentVersion: 1,
        status: "completed",
        kind: "child",
        parentRunId: root.id,
      },
    });
    const res = await callRoute(conversationGraph.GET, `/api/canvas/conversations/${id}`, {
      params: { id },
      bearer: tokens.viewer,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const graph = res.json.graph as CanvasGraph;
    expect(node(graph, `agent:${ids.parent}`).data).toMatchObject({ version: 1 });
    expect(node(graph, `agent:${ids.child}`).data).toMatchObject({ version: 1 });
    expect(graph.edges.map((e) => e.id)).toEqual([`agent:${ids.parent}->agent:${ids.child}`]);
  });
});
