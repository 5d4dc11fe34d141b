/** The data @xyflow/react carries for each canvas node and edge (built by canvas-flow-elements.ts). */
import type { Edge, Node } from "@xyflow/react";
import type { CanvasEdge, CanvasNode } from "@/lib/canvas/canvas-graph.shared";
import type { CanvasEdgeRunStatus, CanvasHeldCall, CanvasNodeRunStatus } from "@/lib/canvas/canvas-run-state.shared";

export type CanvasNodeData = {
  node: CanvasNode;
  runStatus: CanvasNodeRunStatus;
  /** Calls held for approval on this node (a live run). */
  held: CanvasHeldCall[];
  /** Why the last save refused this node, if it did. */
  invalid: string | null;
  /** Whether a connection may be dragged from this node's handle (agents, when editable). */
  connectable: boolean;
};
export type CanvasFlowNode = Node<CanvasNodeData, "canvas">;

export type CanvasEdgeData = {
  edge: CanvasEdge;
  runStatus: CanvasEdgeRunStatus;
  invalid: string | null;
  /** What the edge's label says: the tool's pin ("v3", "latest"), "as name" for a renamed MCP tool. */
  label: string | null;
};
export type CanvasFlowEdge = Edge<CanvasEdgeData, "canvas">;
