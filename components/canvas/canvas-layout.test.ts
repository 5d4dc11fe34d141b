import { describe, expect, it } from "vitest";
import type { CanvasGraph, CanvasNode } from "@/lib/canvas/canvas-graph.shared";
import { autoLayout, layoutCanvas, NODE_SIZE } from "./canvas-layout";

function agent(id: string): CanvasNode {
  return {
    id: `agent:${id}`,
    kind: "agent",
    label: id,
    badges: [],
    data: {
      agentId: id,
      name: id,
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
function builtin(name: "memory" | "workspace"): CanvasNode {
  return { id: `builtin:${name}`, kind: "builtin", label: name, badges: [], data: { builtin: name, name } };
}

const graph: Pick<CanvasGraph, "nodes" | "edges"> = {
  nodes: [agent("a"), agent("b"), builtin("memory"), builtin("workspace")],
  edges: [
    { id: "agent:a->agent:b", source: "agent:a", target: "agent:b", kind: "uses-agent" },
    { id: "agent:a->builtin:memory", source: "agent:a", target: "builtin:memory", kind: "uses-tool" },
    { id: "agent:b->builtin:workspace", source: "agent:b", target: "builtin:workspace", kind: "uses-tool" },
  ],
};

function overlaps(
  a: { x: number; y: number; w: number; h: number },
  b: { x: number; y: number; w: number; h: number },
) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

describe("autoLayout", () => {
  it("places every node, users left of what they use, none overlapping", () => {
    const pos = autoLayout(graph);
    expect(Object.keys(pos).sort()).toEqual(graph.nodes.map((n) => n.id).sort());
    expect(pos["agent:a"].x).toBeLessThan(pos["agent:b"].x);
    expect(pos["agent:b"].x).toBeLessThan(pos["builtin:workspace"].x);
    expect(pos["agent:a"].x).toBeLessThan(pos["builtin:memory"].x);
    const boxes = graph.nodes.map((n) => ({ ...pos[n.id], w: NODE_SIZE[n.kind].width, h: NODE_SIZE[n.kind].height }));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i], boxes[j])).toBe(false);
  });

  it("is deterministic and ignores edges to nodes it does not have", () => {
    const withDangling = {
      ...graph,
      edges: [...graph.edges, { id: "x", source: "agent:a", target: "tool:gone", kind: "uses-tool" as const }],
    };
    expect(autoLayout(withDangling)).toEqual(autoLayout(graph));
  });

  it("lays out an empty graph", () => {
    expect(autoLayout({ nodes: [], edges: [] })).toEqual({});
  });
});

describe("layoutCanvas", () => {
  it("a dragged position overrides the automatic one; the others keep theirs", () => {
    const auto = autoLayout(graph);
    const pos = layoutCanvas({
      ...graph,
      positions: { "builtin:memory": { x: -500, y: 42 }, "tool:gone": { x: 1, y: 1 } },
    });
    expect(pos["builtin:memory"]).toEqual({ x: -500, y: 42 });
    expect(pos["agent:a"]).toEqual(auto["agent:a"]);
    expect(pos["tool:gone"]).toBeUndefined();
  });
});

describe("wide workspaces", () => {
  it("a rank of 128 tools is wrapped into columns (no column taller than √(2n)), without overlaps", () => {
    const tools: CanvasNode[] = Array.from({ length: 128 }, (_, i) => ({
      id: `builtin:t${i}`,
      kind: "builtin",
      label: `t${i}`,
      badges: [],
      data: { builtin: "memory", name: `t${i}` },
    })) as CanvasNode[];
    const agents = Array.from({ length: 4 }, (_, i) => agent(`a${i}`));
    const big: Pick<CanvasGraph, "nodes" | "edges"> = {
      nodes: [...agents, ...tools],
      edges: tools.map((t, i) => ({
        id: `agent:a${i % 4}->${t.id}`,
        source: `agent:a${i % 4}`,
        target: t.id,
        kind: "uses-tool" as const,
      })),
    };
    const at = autoLayout(big);
    const xs = new Map<number, number>();
    for (const t of tools) xs.set(at[t.id].x, (xs.get(at[t.id].x) ?? 0) + 1);
    expect(Math.max(...xs.values())).toBeLessThanOrEqual(16);
    expect(xs.size).toBe(8);
    // The tools stand right of every agent, and no two cards overlap.
    const agentRight = Math.max(...agents.map((a) => at[a.id].x + NODE_SIZE.agent.width));
    expect(Math.min(...tools.map((t) => at[t.id].x))).toBeGreaterThan(agentRight);
    const boxes = big.nodes.map((n) => ({ ...at[n.id], w: NODE_SIZE[n.kind].width, h: NODE_SIZE[n.kind].height }));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i], boxes[j]), `${i}/${j}`).toBe(false);
    // Compact: every column stacked on one centre line, so the whole is about as tall as 16 rows.
    const top = Math.min(...boxes.map((b) => b.y));
    const bottom = Math.max(...boxes.map((b) => b.y + b.h));
    expect(bottom - top).toBeLessThanOrEqual(16 * (NODE_SIZE.builtin.height + 28) + NODE_SIZE.agent.height);
  });
});
