import { describe, expect, it } from "vitest";
import { AgentInput } from "../agents/agent-input.shared";
import { versionConfigOf } from "../agents/agent-version-config.shared";
import type { AgentView } from "../agents/agent-view.shared";
import { assembleCanvasGraph, type AgentSource, type CanvasSources } from "./assemble-canvas-graph";
import { narrowCanvasGraph } from "./narrow-canvas-graph.shared";
import { configOfView } from "./canvas-config-of-view.shared";
import { graphWithConfigs } from "./canvas-edits.shared";
import { CanvasGraph } from "./canvas-graph.shared";

function agent(id: string, tools: AgentSource["tools"], skills: string[] = []): AgentSource {
  return {
    id,
    name: id,
    version: 1,
    description: "",
    activeModel: "demo:demo",
    rosterSize: 0,
    autonomy: "auto",
    toolMode: "native",
    runLimits: { requestLimit: 50, toolCallsLimit: null, totalTokensLimit: null },
    labels: { production: 1 },
    tools,
    skills,
    config: { name: id, model: { provider: "demo", model: "demo" }, tools, skills },
  };
}

const sources: CanvasSources = {
  agents: [
    agent(
      "a",
      [{ agentId: "b", sideEffecting: true }, { toolId: "t1", toolVersionId: "t1v1" }, { builtin: "memory" }],
      ["pdf", "gone"],
    ),
    agent("b", [
      { mcpServerId: "s1", tool: "read" },
      { toolId: "t2", follow: "latest" },
    ]),
    agent("c", [{ agentId: "a", sideEffecting: false }]),
    agent("lone", []),
  ],
  tools: [
    {
      id: "t1",
      name: "lookup",
      versions: [
        { id: "t1v2", version: 2, hasErrors: true, analysis: null },
        {
          id: "t1v1",
          version: 1,
          hasErrors: false,
          analysis: { name: "lookup", description: "Looks up.", sideEffecting: true, connections: ["crm", "billing"] },
        },
      ],
    },
    {
      id: "t2",
      name: "clean",
      versions: [{ id: "t2v1", version: 1, hasErrors: false, analysis: { idempotent: true } }],
    },
    { id: "t3", name: "unused", versions: [] },
  ],
  mcpServers: [
    {
      id: "s1",
      name: "files",
      status: "error",
      lastError: "connection refused",
      tools: [{ name: "read", description: "Reads." }],
    },
  ],
  skills: [{ name: "pdf", description: "PDFs.", version: 2 }],
  connections: ["billing"],
};

describe("assembleCanvasGraph", () => {
  const g = assembleCanvasGraph(sources);
  const byId = (id: string) => g.nodes.find((n) => n.id === id)!;

  it("answers a graph the contract accepts, every edge between drawn nodes", () => {
    expect(CanvasGraph.safeParse({ ...g, positions: {} }).success).toBe(true);
    const ids = new Set(g.nodes.map((n) => n.id));
    for (const e of g.edges) expect(ids.has(e.source) && ids.has(e.target), e.id).toBe(true);
    expect(new Set(g.nodes.map((n) => n.id)).size).toBe(g.nodes.length);
  });

  it("flags and badges: definition errors, missing connections and skills, an unhealthy server", () => {
    expect(byId("tool:t1")).toMatchObject({
      data: {
        latestVersion: 2,
        clean: false,
        newestCleanVersionId: "t1v1",
        newestCleanVersion: 1,
        sideEffecting: true,
      },
      badges: [
        { kind: "definition-errors", message: "v2 has definition errors" },
        { kind: "missing-connection", message: "needs the connection 'crm', which this workspace does not have" },
      ],
    });
    expect(byId("tool:t3")).toMatchObject({ data: { latestVersion: null, clean: false, newestCleanVersionId: null } });
    expect(byId("connection:crm")).toMatchObject({ data: { exists: false }, badges: [{ kind: "missing-connection" }] });
    expect(byId("connection:billing")).toMatchObject({ data: { exists: true }, badges: [] });
    expect(byId("agent:a").badges).toEqual([
      { kind: "missing-skill", message: "skill 'gone' no longer exists (or has no version whose SKILL.md parses)" },
    ]);
    expect(byId("mcp-server:s1").badges).toEqual([
      { kind: "server-unhealthy", message: "the last check failed: connection refused" },
    ]);
  });

  it("badges a pinned version with definition errors, naming who pins it", () => {
    const pinned = assembleCanvasGraph({
      ...sources,
      agents: [agent("x", [{ toolId: "t1", toolVersionId: "old" }])],
      tools: [
        {
          id: "t1",
          name: "lookup",
          versions: [
            { id: "new", version: 2, hasErrors: false, analysis: {} },
            { id: "old", version: 1, hasErrors: true, analysis: null },
          ],
        },
      ],
    });
    expect(pinned.nodes.find((n) => n.id === "tool:t1")!.badges).toEqual([
      { kind: "definition-errors", message: "v1, pinned by 'x', has definition errors" },
    ]);
  });

  it("edges: uses-agent, uses-tool with its pin, built-ins only when used, skills present, served-by, needs-connection", () => {
    const edge = (id: string) => g.edges.find((e) => e.id === id);
    expect(edge("agent:a->agent:b")).toEqual({
      id: "agent:a->agent:b",
      source: "agent:a",
      target: "agent:b",
      kind: "uses-agent",
      entry: { agentId: "b", sideEffecting: true },
    });
    expect(edge("agent:a->tool:t1")).toMatchObject({ kind: "uses-tool", pinnedVersion: 1 });
    expect(edge("agent:b->tool:t2")).toMatchObject({ kind: "uses-tool", pinnedVersion: null });
    expect(edge("agent:a->builtin:memory")).toMatchObject({ kind: "uses-tool" });
    expect(g.nodes.filter((n) => n.kind === "builtin").map((n) => n.id)).toEqual([
      "builtin:memory",
      "builtin:workspace",
    ]);
    expect(edge("agent:a->skill:pdf")).toMatchObject({ kind: "uses-skill" });
    expect(edge("agent:a->skill:gone")).toBeUndefined();
    expect(edge("agent:b->mcp-tool:s1:read")).toMatchObject({ kind: "uses-tool" });
    expect(edge("mcp-tool:s1:read->mcp-server:s1")).toMatchObject({ kind: "served-by" });
    expect(edge("tool:t1->connection:crm")).toMatchObject({ kind: "needs-connection" });
    expect(edge("tool:t1->connection:billing")).toMatchObject({ kind: "needs-connection" });
  });

  it("the graph redrawn from its own configs is the same graph", () => {
    const again = graphWithConfigs({ ...g, positions: {} }, g.configs);
    const sorted = (edges: typeof g.edges) => [...edges].sort((x, y) => (x.id < y.id ? -1 : 1));
    expect(sorted(again.edges)).toEqual(sorted(g.edges));
  });

  it("leaves an agent whose stored configuration no longer parses out of configs, with a badge", () => {
    const broken = { ...agent("z", []), config: null, configError: "The stored configuration … is no longer valid" };
    const out = assembleCanvasGraph({ ...sources, agents: [broken] });
    expect(out.configs).toEqual({});
    expect(out.nodes[0].badges).toEqual([
      { kind: "invalid", message: "The stored configuration … is no longer valid" },
    ]);
  });
});

describe("narrowCanvasGraph", () => {
  const g = assembleCanvasGraph(sources);
  it("keeps the agent, what it uses transitively, and the agents that use it", () => {
    const b = narrowCanvasGraph(g, "b");
    expect(b.nodes.map((n) => n.id).sort()).toEqual(
      ["agent:a", "agent:b", "agent:c", "mcp-server:s1", "mcp-tool:s1:read", "tool:t2"].sort(),
    );
    // Users are drawn, not what else they use.
    expect(b.edges.map((e) => e.id).sort()).toEqual(
      [
        "agent:a->agent:b",
        "agent:b->mcp-tool:s1:read",
        "agent:b->tool:t2",
        "agent:c->agent:a",
        "mcp-tool:s1:read->mcp-server:s1",
      ].sort(),
    );
    expect(Object.keys(b.configs).sort()).toEqual(["a", "b", "c"]);
  });
  it("without users: only what the agent uses", () => {
    const a = narrowCanvasGraph(g, "a", { users: false });
    expect(a.nodes.map((n) => n.id)).not.toContain("agent:c");
    expect(a.nodes.map((n) => n.id)).toContain("connection:crm");
    expect(a.nodes.map((n) => n.id)).toContain("mcp-server:s1");
    expect(narrowCanvasGraph(g, "lone").nodes.map((n) => n.id)).toEqual(["agent:lone"]);
  });
});

describe("configOfView", () => {
  const view = (over: Partial<AgentView>): AgentView => {
    const parsed = AgentInput.parse({ name: "v", model: { provider: "demo", model: "demo" }, ...over });
    return {
      ...parsed,
      id: "id",
      version: 3,
      modelSwitches: [],
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    } as AgentView;
  };
  it("sends a single-model agent as model alone and a roster with its active entry, like the form", () => {
    const single = configOfView(view({}));
    expect("roster" in single).toBe(false);
    expect(single).not.toHaveProperty("id");
    expect(single).not.toHaveProperty("version");
    const roster = [
      { provider: "demo", model: "demo" },
      { provider: "openai", model: "gpt-x" },
    ] as AgentView["roster"];
    const many = configOfView(view({ model: roster[1], roster } as Partial<AgentView>));
    expect(many.roster).toHaveLength(2);
    expect(many.model).toMatchObject({ provider: "openai", model: "gpt-x" });
  });
  it("parses back to the same version configuration (so saving it unchanged creates no version)", () => {
    const v = view({
      tools: [{ builtin: "memory" }],
      skills: ["pdf"],
      contextSchema: { fields: [{ name: "plan", type: "enum", values: ["free", "pro"], required: true }] },
    } as Partial<AgentView>);
    const again = AgentInput.parse(configOfView(v));
    expect(versionConfigOf(again)).toEqual(versionConfigOf(AgentInput.parse({ ...v, id: undefined })));
  });
});
