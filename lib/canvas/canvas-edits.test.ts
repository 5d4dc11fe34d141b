import { describe, expect, it } from "vitest";
import { AgentInput } from "../agents/agent-input.shared";
import {
  attachToAgent,
  canConnect,
  changedAgentIds,
  detachEdge,
  graphWithConfigs,
  type CanvasConfigs,
} from "./canvas-edits.shared";
import { CanvasGraph, type CanvasNode } from "./canvas-graph.shared";

function agent(id: string, name = id): CanvasNode {
  return {
    id: `agent:${id}`,
    kind: "agent",
    label: name,
    badges: [],
    data: {
      agentId: id,
      name,
      version: 1,
      activeModel: "demo:demo",
      rosterSize: 0,
      autonomy: "auto",
      toolMode: "native",
      requestLimit: null,
      toolCallsLimit: null,
      totalTokensLimit: null,
      labels: {},
    },
  };
}
function tool(
  id: string,
  name: string,
  opts: { latest: number | null; cleanId: string | null; cleanNo?: number },
): CanvasNode {
  return {
    id: `tool:${id}`,
    kind: "tool",
    label: name,
    badges: [],
    data: {
      toolId: id,
      name,
      latestVersion: opts.latest,
      clean: opts.cleanId !== null && opts.cleanNo === opts.latest,
      newestCleanVersionId: opts.cleanId,
      newestCleanVersion: opts.cleanNo ?? null,
      sideEffecting: false,
      requiresApproval: false,
      idempotent: true,
      description: "",
    },
  };
}
const nodes: CanvasNode[] = [
  agent("a", "alpha"),
  agent("b", "beta"),
  agent("c", "gamma"),
  tool("t1", "search", { latest: 3, cleanId: "tv3", cleanNo: 3 }),
  tool("t2", "broken", { latest: 2, cleanId: "tv1", cleanNo: 1 }),
  tool("t3", "never_clean", { latest: 2, cleanId: null }),
  tool("t4", "empty", { latest: null, cleanId: null }),
  { id: "builtin:memory", kind: "builtin", label: "memory", badges: [], data: { builtin: "memory", name: "memory" } },
  {
    id: "mcp-server:s1",
    kind: "mcp-server",
    label: "files",
    badges: [],
    data: { serverId: "s1", name: "files", status: "ok", lastError: null },
  },
  {
    id: "mcp-tool:s1:read:file",
    kind: "mcp-tool",
    label: "read:file",
    badges: [],
    data: { serverId: "s1", tool: "read:file", description: "" },
  },
  { id: "skill:pdf", kind: "skill", label: "pdf", badges: [], data: { name: "pdf", description: "", version: 1 } },
  { id: "connection:crm", kind: "connection", label: "crm", badges: [], data: { name: "crm", exists: true } },
];
const base = (name: string, extra: Partial<AgentInput> = {}): AgentInput => ({
  name,
  model: { provider: "demo", model: "demo" },
  tools: [],
  skills: [],
  ...extra,
});
const configs: CanvasConfigs = {
  a: base("alpha", {
    tools: [
      { agentId: "b", sideEffecting: false },
      { toolId: "t1", toolVersionId: "tv2" },
    ],
  }),
  b: base("beta", { tools: [{ agentId: "c", sideEffecting: false }] }),
  c: base("gamma"),
};
const graph: CanvasGraph = {
  nodes,
  edges: [
    {
      id: "agent:a->agent:b",
      source: "agent:a",
      target: "agent:b",
      kind: "uses-agent",
      entry: { agentId: "b", sideEffecting: false },
    },
    {
      id: "agent:a->tool:t1",
      source: "agent:a",
      target: "tool:t1",
      kind: "uses-tool",
      entry: { toolId: "t1", toolVersionId: "tv2" },
      pinnedVersion: 2,
    },
    {
      id: "agent:b->agent:c",
      source: "agent:b",
      target: "agent:c",
      kind: "uses-agent",
      entry: { agentId: "c", sideEffecting: false },
    },
    { id: "tool:t1->connection:crm", source: "tool:t1", target: "connection:crm", kind: "needs-connection" },
    {
      id: "mcp-tool:s1:read:file->mcp-server:s1",
      source: "mcp-tool:s1:read:file",
      target: "mcp-server:s1",
      kind: "served-by",
    },
  ],
  positions: {},
  configs,
};

describe("canConnect", () => {
  it("accepts an agent dragged to a clean tool, a built-in, an MCP tool, a skill and a new sub-agent", () => {
    for (const target of ["tool:t2", "builtin:memory", "mcp-tool:s1:read:file", "skill:pdf"])
      expect(canConnect(graph, configs, "agent:c", target)).toEqual({ ok: true });
    // a → c beside a → b → c is a diamond, not a cycle.
    expect(canConnect(graph, configs, "agent:a", "agent:c")).toEqual({ ok: true });
  });
  it("refuses a drag that does not start at an agent, or ends at a server or connection", () => {
    expect(canConnect(graph, configs, "tool:t1", "agent:a")).toEqual({
      ok: false,
      reason: "drag from an agent to attach a tool, skill or agent to it",
    });
    expect(canConnect(graph, configs, "agent:a", "mcp-server:s1")).toEqual({
      ok: false,
      reason: "a mcp server cannot be attached to an agent",
    });
    expect(canConnect(graph, configs, "agent:a", "connection:crm")).toMatchObject({ ok: false });
    expect(canConnect(graph, configs, "agent:a", "tool:nope")).toEqual({
      ok: false,
      reason: "that node is not on the canvas",
    });
  });
  it("refuses what is already attached, with the form's words", () => {
    expect(canConnect(graph, configs, "agent:a", "tool:t1")).toEqual({
      ok: false,
      reason: "this tool is already listed at position 2",
    });
    const withSkill: CanvasConfigs = { ...configs, c: base("gamma", { skills: ["pdf"] }) };
    expect(canConnect(graph, withSkill, "agent:c", "skill:pdf")).toEqual({
      ok: false,
      reason: '"pdf" is already attached',
    });
  });
  it("refuses an agent using itself", () => {
    expect(canConnect(graph, configs, "agent:a", "agent:a")).toEqual({
      ok: false,
      reason: "an agent cannot use itself as a tool",
    });
  });
  it("refuses a tool without a version free of definition errors, with the form's message", () => {
    expect(canConnect(graph, configs, "agent:a", "tool:t3")).toEqual({
      ok: false,
      reason: "tool 'never_clean' v2 has definition errors; fix them in the Tool Studio before attaching it",
    });
    expect(canConnect(graph, configs, "agent:a", "tool:t4")).toEqual({
      ok: false,
      reason: "tool 'empty' has no saved version yet",
    });
  });
  it("refuses a cycle with the registry's message, judged on the edited configurations", () => {
    expect(canConnect(graph, configs, "agent:c", "agent:b")).toEqual({
      ok: false,
      reason: "using 'beta' as a tool would create a cycle: gamma → beta → gamma",
    });
    expect(canConnect(graph, configs, "agent:c", "agent:a")).toEqual({
      ok: false,
      reason: "using 'alpha' as a tool would create a cycle: gamma → alpha → beta → gamma",
    });
    // Detaching b → c (unsaved) makes both drags fine.
    const detached = detachEdge(configs, { source: "agent:b", target: "agent:c", kind: "uses-agent" });
    expect(canConnect(graph, detached, "agent:c", "agent:b")).toEqual({ ok: true });
    expect(canConnect(graph, detached, "agent:c", "agent:a")).toEqual({ ok: true });
    // An unsaved attachment counts: once c uses a, b may not use a... nor c use b.
    const edited = attachToAgent(graph, detached, "c", "agent:a");
    expect(canConnect(graph, edited, "agent:b", "agent:c")).toEqual({
      ok: false,
      reason: "using 'gamma' as a tool would create a cycle: beta → gamma → alpha → beta",
    });
    // An agent renamed in the edit is named as edited.
    const renamed = { ...configs, b: { ...configs.b, name: "beta2" } };
    expect(canConnect(graph, renamed, "agent:c", "agent:b")).toMatchObject({
      reason: "using 'beta2' as a tool would create a cycle: gamma → beta2 → gamma",
    });
  });
});

describe("attachToAgent", () => {
  it("pins a tool to its newest clean version and appends built-ins, MCP tools, agents and skills", () => {
    let next = attachToAgent(graph, configs, "c", "tool:t2");
    next = attachToAgent(graph, next, "c", "builtin:memory");
    next = attachToAgent(graph, next, "c", "mcp-tool:s1:read:file");
    next = attachToAgent(graph, next, "c", "skill:pdf");
    expect(next.c.tools).toEqual([
      { toolId: "t2", toolVersionId: "tv1" },
      { builtin: "memory" },
      { mcpServerId: "s1", tool: "read:file" },
    ]);
    expect(next.c.skills).toEqual(["pdf"]);
    expect(configs.c.tools).toEqual([]); // the input is not changed
    const withAgent = attachToAgent(graph, configs, "a", "agent:c");
    expect(withAgent.a.tools).toEqual([
      { agentId: "b", sideEffecting: false },
      { toolId: "t1", toolVersionId: "tv2" },
      { agentId: "c", sideEffecting: false },
    ]);
    // The result is a configuration the form's schema accepts.
    expect(AgentInput.safeParse(next.c).success).toBe(true);
  });
  it("throws what canConnect refuses", () => {
    expect(() => attachToAgent(graph, configs, "a", "agent:a")).toThrow("an agent cannot use itself as a tool");
  });
});

describe("detachEdge and changedAgentIds", () => {
  it("removes the entry or skill the edge draws, and only that agent changes", () => {
    const withSkill: CanvasConfigs = { ...configs, c: base("gamma", { skills: ["pdf", "other"] }) };
    const a = detachEdge(withSkill, { source: "agent:a", target: "tool:t1", kind: "uses-tool" });
    expect(a.a.tools).toEqual([{ agentId: "b", sideEffecting: false }]);
    const c = detachEdge(a, { source: "agent:c", target: "skill:pdf", kind: "uses-skill" });
    expect(c.c.skills).toEqual(["other"]);
    const m = detachEdge(
      { ...configs, c: base("gamma", { tools: [{ mcpServerId: "s1", tool: "read:file" }] }) },
      { source: "agent:c", target: "mcp-tool:s1:read:file", kind: "uses-tool" },
    );
    expect(m.c.tools).toEqual([]);
    expect(changedAgentIds(withSkill, c)).toEqual(["a", "c"]);
    // Edges that no configuration draws leave the configurations as they were.
    expect(detachEdge(configs, { source: "tool:t1", target: "connection:crm", kind: "needs-connection" })).toBe(
      configs,
    );
  });
  it("sees no change when only the key order or undefined properties differ, and sees a detach then re-attach as none", () => {
    const reordered: CanvasConfigs = {
      ...configs,
      c: { skills: [], tools: [], model: { model: "demo", provider: "demo" }, name: "gamma", description: undefined },
    };
    expect(changedAgentIds(configs, reordered)).toEqual([]);
    const away = detachEdge(configs, { source: "agent:b", target: "agent:c", kind: "uses-agent" });
    expect(changedAgentIds(configs, away)).toEqual(["b"]);
    expect(changedAgentIds(configs, attachToAgent(graph, away, "b", "agent:c"))).toEqual([]);
  });
});

describe("graphWithConfigs", () => {
  it("redraws the edited agents' uses edges and keeps the rest", () => {
    let next = attachToAgent(graph, configs, "c", "tool:t2");
    next = attachToAgent(graph, next, "c", "skill:pdf");
    next = detachEdge(next, { source: "agent:a", target: "agent:b", kind: "uses-agent" });
    const drawn = graphWithConfigs(graph, next);
    expect(CanvasGraph.safeParse(drawn).success).toBe(true);
    expect(drawn.configs).toBe(next);
    const ids = drawn.edges.map((e) => e.id).sort();
    expect(ids).toEqual(
      [
        "agent:a->tool:t1",
        "agent:b->agent:c",
        "agent:c->skill:pdf",
        "agent:c->tool:t2",
        "mcp-tool:s1:read:file->mcp-server:s1",
        "tool:t1->connection:crm",
      ].sort(),
    );
    // Pins keep their version numbers: the existing one from its edge, the new one from the tool node.
    expect(drawn.edges.find((e) => e.id === "agent:a->tool:t1")).toMatchObject({ kind: "uses-tool", pinnedVersion: 2 });
    expect(drawn.edges.find((e) => e.id === "agent:c->tool:t2")).toMatchObject({
      kind: "uses-tool",
      entry: { toolId: "t2", toolVersionId: "tv1" },
      pinnedVersion: 1,
    });
    expect(drawn.edges.find((e) => e.id === "agent:c->skill:pdf")).toMatchObject({ kind: "uses-skill" });
  });
  it("draws the unedited configurations as the graph already has them, and leaves out nodes not on the canvas", () => {
    const same = graphWithConfigs(graph, configs);
    expect(same.edges.map((e) => e.id).sort()).toEqual(graph.edges.map((e) => e.id).sort());
    for (const e of graph.edges) expect(same.edges.find((x) => x.id === e.id)).toEqual(e);
    const gone = graphWithConfigs(graph, {
      ...configs,
      c: base("gamma", { skills: ["deleted-skill"], tools: [{ follow: "latest", toolId: "t1" }] }),
    });
    expect(gone.edges.filter((e) => e.source === "agent:c")).toEqual([
      {
        id: "agent:c->tool:t1",
        source: "agent:c",
        target: "tool:t1",
        kind: "uses-tool",
        entry: { toolId: "t1", follow: "latest" },
        pinnedVersion: null,
      },
    ]);
  });
});
