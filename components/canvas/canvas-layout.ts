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
  const placed = graph.nodes.map((n) => {
    const p = g.node(n.id);
    const size = NODE_SIZE[n.kind];
    return { id: n.id, ...size, x: (p.x ?? 0) - size.width / 2, y: (p.y ?? 0) - size.height / 2 };
  });
  const out: Record<string, CanvasPoint> = {};
  for (const p of wrapTallColumns(placed)) out[p.id] = { x: Math.round(p.x), y: Math.round(p.y) };
  return out;
}

interface Placed {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const COLUMN_GAP = 40;
const ROW_GAP = 28;

/**
 * Dagre puts each rank in one column: 128 tools used by 40 agents make a column thousands of pixels
 * tall that no zoom makes readable. When a column holds more than about √(2n) nodes, the layout is
 * compacted: each column is stacked in dagre's order (which keeps neighbours together), wrapped
 * into several columns when it is tall, all centred on one line, and the columns to the right
 * move over to make room. A graph with no tall column keeps dagre's places.
 */
export function wrapTallColumns(placed: readonly Placed[]): Placed[] {
  const byColumn = new Map<number, Placed[]>();
  for (const p of placed) {
    const key = Math.round(p.x + p.width / 2);
    byColumn.set(key, [...(byColumn.get(key) ?? []), p]);
  }
  const columns = [...byColumn.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
  const perColumnOf = (c: readonly Placed[]) => Math.max(8, Math.ceil(Math.sqrt(2 * c.length)));
  if (columns.every((c) => c.length <= perColumnOf(c))) return [...placed];
  const centre = (Math.min(...placed.map((p) => p.y)) + Math.max(...placed.map((p) => p.y + p.height))) / 2;
  const out: Placed[] = [];
  let shift = 0;
  for (const column of columns) {
    const perColumn = perColumnOf(column);
    const sorted = [...column].sort((a, b) => a.y - b.y);
    const width = Math.max(...sorted.map((p) => p.width));
    const rowHeight = Math.max(...sorted.map((p) => p.height)) + ROW_GAP;
    const left = Math.min(...sorted.map((p) => p.x)) + shift;
    const top = Math.max(0, centre - (Math.min(perColumn, sorted.length) * rowHeight) / 2);
    sorted.forEach((p, i) => {
      const sub = Math.floor(i / perColumn);
      out.push({ ...p, x: left + sub * (width + COLUMN_GAP), y: top + (i % perColumn) * rowHeight });
    });
    shift += (Math.ceil(sorted.length / perColumn) - 1) * (width + COLUMN_GAP);
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
