import { describe, expect, it } from "vitest";
import type { CanvasEdge, CanvasGraph } from "@/lib/canvas/canvas-graph.shared";
import { edgeLabel, isDetachable, toFlowEdges, toFlowNodes } from "./canvas-flow-elements";

const edge = (over: Partial<CanvasEdge>): CanvasEdge => ({
  id: "agent:a->tool:t",
  source: "agent:a",
  target: "tool:t",
  kind: "uses-tool",
  ...over,
});

const graph: Pick<CanvasGraph, "nodes" | "edges"> = {
  nodes: [
    {
      id: "agent:a",
      kind: "agent",
      label: "lead",
      badges: [],
      data: {
        agentId: "a",
        name: "lead",
        version: 3,
        activeModel: "demo:demo",
        rosterSize: 0,
        autonomy: "auto",
        toolMode: "native",
        requestLimit: null,
        toolCallsLimit: null,
        totalTokensLimit: null,
        labels: {},
      },
    },
    { id: "connection:crm", kind: "connection", label: "crm", badges: [], data: { name: "crm", exists: false } },
  ],
  edges: [
    edge({ entry: { toolId: "t", toolVersionId: "tv3" }, pinnedVersion: 3 }),
    edge({ id: "tool:t->connection:crm", source: "tool:t", target: "connection:crm", kind: "needs-connection" }),
  ],
};

describe("edgeLabel", () => {
  it("shows an authored tool's pin: its version, or latest when it follows", () => {
    expect(edgeLabel(edge({ entry: { toolId: "t", toolVersionId: "tv3" }, pinnedVersion: 3 }))).toBe("v3");
    expect(edgeLabel(edge({ entry: { toolId: "t", follow: "latest" }, pinnedVersion: null }))).toBe("latest");
    expect(edgeLabel(edge({ entry: { toolId: "t", toolVersionId: "tv9" } }))).toBe("pinned");
  });
  it("names a renamed MCP tool, an agent-scoped workspace and a side-effecting sub-agent; nothing otherwise", () => {
    expect(edgeLabel(edge({ entry: { mcpServerId: "s", tool: "x", as: "search" } }))).toBe("as search");
    expect(edgeLabel(edge({ entry: { builtin: "workspace", scope: "agent" } }))).toBe("agent scope");
    expect(edgeLabel(edge({ entry: { builtin: "memory" } }))).toBeNull();
    expect(edgeLabel(edge({ kind: "uses-agent", entry: { agentId: "b", sideEffecting: true } }))).toBe("side effects");
    expect(edgeLabel(edge({ kind: "needs-connection" }))).toBeNull();
  });
});

describe("toFlowNodes / toFlowEdges", () => {
  it("carries run status, held calls and save refusals; only agents are connectable, and only when editable", () => {
    const nodes = toFlowNodes(
      graph,
      { "agent:a": { x: 5, y: 6 } },
      {
        runState: {
          seq: 4,
          nodes: { "agent:a": "thinking" },
          edges: {},
          childRuns: {},
          held: [{ nodeId: "agent:a", approvalId: "ap", toolCallId: "c", toolName: "refund", args: {} }],
        },
        invalid: { nodes: { "connection:crm": "missing" }, edges: {} },
      },
    );
    expect(nodes[0]).toMatchObject({ position: { x: 5, y: 6 }, connectable: true, deletable: false });
    expect(nodes[0].data).toMatchObject({ runStatus: "thinking", invalid: null, connectable: true });
    expect(nodes[0].data.held).toHaveLength(1);
    expect(nodes[1].data).toMatchObject({ runStatus: "idle", invalid: "missing", connectable: false });
    expect(toFlowNodes(graph, {}, { readOnly: true })[0].data.connectable).toBe(false);
  });

  it("lets the user delete an agent's uses, not a tool's connection, and never when read-only", () => {
    const edges = toFlowEdges(graph, {
      runState: { seq: 1, nodes: {}, edges: { "agent:a->tool:t": "active" }, childRuns: {}, held: [] },
    });
    expect(edges.map((e) => [e.id, e.deletable, e.data?.runStatus, e.data?.label])).toEqual([
      ["agent:a->tool:t", true, "active", "v3"],
      ["tool:t->connection:crm", false, "idle", null],
    ]);
    expect(edges[0].ariaLabel).toBe("lead uses tool:t (v3)");
    expect(toFlowEdges(graph, { readOnly: true }).every((e) => !e.deletable)).toBe(true);
    expect(isDetachable(graph.edges[1])).toBe(false);
  });
});
