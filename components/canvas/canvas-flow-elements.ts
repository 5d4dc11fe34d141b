/**
 * The canvas graph as @xyflow/react nodes and edges: each node placed (canvas-layout.ts) and
 * carrying its run status, held calls and save refusal; each edge its label (a tool's pin) and run
 * status. Pure, so the view only renders.
 */
import { MarkerType } from "@xyflow/react";
import type { CanvasEdge, CanvasGraph, CanvasPoint } from "@/lib/canvas/canvas-graph.shared";
import type { CanvasRunState } from "@/lib/canvas/canvas-run-state.shared";
import type { CanvasFlowEdge, CanvasFlowNode } from "./canvas-flow-types";

export type CanvasInvalid = { nodes: Record<string, string>; edges: Record<string, string> };

/** What an edge's label says: an authored tool's pin, a renamed MCP tool's name, a flag. */
export function edgeLabel(edge: CanvasEdge): string | null {
  const entry = edge.entry;
  if (!entry) return null;
  if ("toolId" in entry) {
    if (entry.follow === "latest") return "latest";
    if (typeof edge.pinnedVersion === "number") return `v${edge.pinnedVersion}`;
    return entry.toolVersionId ? "pinned" : "latest";
  }
  if ("mcpServerId" in entry) return entry.as ? `as ${entry.as}` : null;
  if ("builtin" in entry) return entry.scope === "agent" ? "agent scope" : null;
  return entry.sideEffecting ? "side effects" : null;
}

/** Edges the user may delete: an agent's use of something (a tool's connection or an MCP tool's server is not wiring). */
export function isDetachable(edge: CanvasEdge): boolean {
  return edge.kind === "uses-tool" || edge.kind === "uses-agent" || edge.kind === "uses-skill";
}

export function toFlowNodes(
  graph: Pick<CanvasGraph, "nodes">,
  positions: Record<string, CanvasPoint>,
  opts: { runState?: CanvasRunState; invalid?: CanvasInvalid; readOnly?: boolean; selectedNodeId?: string | null },
): CanvasFlowNode[] {
  return graph.nodes.map((node) => ({
    id: node.id,
    type: "canvas",
    position: positions[node.id] ?? { x: 0, y: 0 },
    deletable: false,
    connectable: !opts.readOnly && node.kind === "agent",
    selected: opts.selectedNodeId === node.id,
    ariaLabel: `${node.kind === "mcp-server" ? "MCP server" : node.kind === "mcp-tool" ? "MCP tool" : node.kind} ${node.label}`,
    data: {
      node,
      runStatus: opts.runState?.nodes[node.id] ?? "idle",
      held: opts.runState?.held.filter((h) => h.nodeId === node.id) ?? [],
      invalid: opts.invalid?.nodes[node.id] ?? null,
      connectable: !opts.readOnly && node.kind === "agent",
    },
  }));
}

export function toFlowEdges(
  graph: Pick<CanvasGraph, "edges" | "nodes">,
  opts: { runState?: CanvasRunState; invalid?: CanvasInvalid; readOnly?: boolean },
): CanvasFlowEdge[] {
  const labels = new Map(graph.nodes.map((n) => [n.id, n.label]));
  return graph.edges.map((edge) => {
    const label = edgeLabel(edge);
    return {
      id: edge.id,
      type: "canvas",
      source: edge.source,
      target: edge.target,
      deletable: !opts.readOnly && isDetachable(edge),
      selectable: !opts.readOnly && isDetachable(edge),
      focusable: !opts.readOnly && isDetachable(edge),
      markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
      ariaLabel: `${labels.get(edge.source) ?? edge.source} uses ${labels.get(edge.target) ?? edge.target}${label ? ` (${label})` : ""}`,
      data: {
        edge,
        runStatus: opts.runState?.edges[edge.id] ?? "idle",
        invalid: opts.invalid?.edges[edge.id] ?? null,
        label,
      },
    };
  });
}
