/**
 * Where each node of the canvas stands: the automatic layout (dagre, left to right: agents first,
 * then what they use) places every node, and a position the user dragged (stored per workspace)
 * overrides it. Pure: the same graph gives the same places.
 */
import dagre from "@dagrejs/dagre";
import type { CanvasGraph, CanvasNodeKind, CanvasPoint } from "@/lib/canvas/canvas-graph.shared";

/** The size a node is drawn at (the renderers' CSS keeps to these). */
export const NODE_SIZE: Record<CanvasNodeKind, { width: number; height: number }> = {
  agent: { width: 240, height: 132 },
  tool: { width: 220, height: 104 },
  builtin: { width: 180, height: 64 },
  "mcp-server": { width: 200, height: 76 },
  "mcp-tool": { width: 200, height: 76 },
  skill: { width: 180, height: 72 },
  connection: { width: 180, height: 64 },
};

export type LayoutInput = Pick<CanvasGraph, "nodes" | "edges" | "positions">;

/** The automatic layout alone (top-left corners, as @xyflow/react places nodes). */
export function autoLayout(graph: Pick<CanvasGraph, "nodes" | "edges">): Record<string, CanvasPoint> {
  const g = new dagre.graphlib.Graph({ multigraph: false });
  g.setGraph({ rankdir: "LR", nodesep: 28, ranksep: 90, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  const ids = new Set<string>();
  for (const n of graph.nodes) {
    ids.add(n.id);
    g.setNode(n.id, { ...NODE_SIZE[n.kind] });
  }
  for (const e of graph.edges) {
    if (ids.has(e.source) && ids.has(e.target) && e.source !== e.target) g.setEdge(e.source, e.target);
  }
  dagre.layout(g);
  const out: Record<string, CanvasPoint> = {};
  for (const n of graph.nodes) {
    const placed = g.node(n.id);
    const size = NODE_SIZE[n.kind];
    out[n.id] = { x: Math.round((placed.x ?? 0) - size.width / 2), y: Math.round((placed.y ?? 0) - size.height / 2) };
  }
  return out;
}

/** Every node's position: the dragged one when stored, else the automatic layout's. */
export function layoutCanvas(graph: LayoutInput): Record<string, CanvasPoint> {
  const auto = autoLayout(graph);
  const out: Record<string, CanvasPoint> = {};
  for (const n of graph.nodes) out[n.id] = graph.positions[n.id] ?? auto[n.id];
  return out;
}
