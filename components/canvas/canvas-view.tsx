"use client";
/**
 * The canvas drawn with @xyflow/react: the graph placed by the automatic layout (dragged positions
 * win), nodes and edges by their renderers, and — when given — a run's state over it. Editing is
 * left to the caller: a drag from an agent's handle onto a node asks `onConnect`, Delete or
 * Backspace on a selected edge asks `onDeleteEdge`, a drag's end reports `onMoveNodes`. With
 * `readOnly` it only shows (the live run view uses it so). Nodes are focusable (Tab, Enter selects).
 */
import {
  Background,
  Controls,
  ReactFlow,
  applyEdgeChanges,
  applyNodeChanges,
  type EdgeChange,
  type NodeChange,
  type OnConnectEnd,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useCallback, useMemo, useState } from "react";
import type { CanvasGraph, CanvasPoint } from "@/lib/canvas/canvas-graph.shared";
import type { CanvasRunState } from "@/lib/canvas/canvas-run-state.shared";
import { layoutCanvas } from "./canvas-layout";
import { CanvasEdgeLine } from "./canvas-edge-line";
import { toFlowEdges, toFlowNodes, type CanvasInvalid } from "./canvas-flow-elements";
import type { CanvasFlowEdge, CanvasFlowNode } from "./canvas-flow-types";
import { CanvasNodeCard } from "./canvas-node-card";
import "./canvas.css";

export type { CanvasInvalid } from "./canvas-flow-elements";

export type CanvasViewProps = {
  graph: CanvasGraph;
  runState?: CanvasRunState;
  readOnly?: boolean;
  selectedNodeId?: string | null;
  onSelectNode?: (id: string | null) => void;
  /** A drag from `source`'s handle ended on `target` (a node id). */
  onConnect?: (source: string, target: string) => void;
  onDeleteEdge?: (edgeId: string) => void;
  /** Where dragged nodes now stand. */
  onMoveNodes?: (moved: Array<{ nodeId: string; x: number; y: number }>) => void;
  invalid?: CanvasInvalid;
  /** The accessible name of the drawing ("Canvas of the workspace"). */
  label?: string;
  className?: string;
};

const NODE_TYPES = { canvas: CanvasNodeCard };
const EDGE_TYPES = { canvas: CanvasEdgeLine };
const DELETE_KEYS = ["Delete", "Backspace"];
const NONE: Record<string, CanvasPoint> = {};

/** The node id under the pointer where a connection drag ended. */
function nodeAtPointer(event: MouseEvent | TouchEvent): string | null {
  const point = "changedTouches" in event ? event.changedTouches[0] : event;
  if (!point) return null;
  const el = document.elementFromPoint(point.clientX, point.clientY);
  return el?.closest(".react-flow__node")?.getAttribute("data-id") ?? null;
}

export function CanvasView({
  graph,
  runState,
  readOnly = false,
  selectedNodeId,
  onSelectNode,
  onConnect,
  onDeleteEdge,
  onMoveNodes,
  invalid,
  label = "Canvas",
  className,
}: CanvasViewProps) {
  const placed = useMemo(
    () => layoutCanvas({ nodes: graph.nodes, edges: graph.edges, positions: graph.positions }),
    [graph.nodes, graph.edges, graph.positions],
  );
  // Positions dragged here but not yet in `graph.positions`; forgotten when those change (saved or reset).
  const [moved, setMoved] = useState<{ base: Record<string, CanvasPoint>; at: Record<string, CanvasPoint> }>({
    base: graph.positions,
    at: {},
  });
  const local = useMemo(() => (moved.base === graph.positions ? moved.at : NONE), [moved, graph.positions]);
  const baseNodes = useMemo(
    () => toFlowNodes(graph, { ...placed, ...local }, { runState, invalid, readOnly, selectedNodeId }),
    [graph, placed, local, runState, invalid, readOnly, selectedNodeId],
  );
  const baseEdges = useMemo(
    () => toFlowEdges(graph, { runState, invalid, readOnly }),
    [graph, runState, invalid, readOnly],
  );

  // The drawn elements follow their base; measurements and selection come from @xyflow/react's changes.
  const [nodes, setNodes] = useState<CanvasFlowNode[]>(baseNodes);
  const [edges, setEdges] = useState<CanvasFlowEdge[]>(baseEdges);
  const [seenNodes, setSeenNodes] = useState(baseNodes);
  const [seenEdges, setSeenEdges] = useState(baseEdges);
  if (seenNodes !== baseNodes) {
    setSeenNodes(baseNodes);
    const prev = new Map(nodes.map((n) => [n.id, n]));
    setNodes(
      baseNodes.map((n) => {
        const p = prev.get(n.id);
        if (!p) return n;
        const selected = selectedNodeId === undefined ? p.selected : n.selected;
        return { ...n, selected, measured: p.measured, width: p.width, height: p.height };
      }),
    );
  }
  if (seenEdges !== baseEdges) {
    setSeenEdges(baseEdges);
    const selected = new Set(edges.filter((e) => e.selected).map((e) => e.id));
    setEdges(baseEdges.map((e) => (selected.has(e.id) ? { ...e, selected: true } : e)));
  }

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasFlowNode>[]) => {
      setNodes((ns) => applyNodeChanges(changes, ns));
      for (const c of changes) {
        if (c.type === "select" && c.selected) onSelectNode?.(c.id);
      }
    },
    [onSelectNode],
  );
  const onEdgesChange = useCallback((changes: EdgeChange<CanvasFlowEdge>[]) => {
    setEdges((es) => applyEdgeChanges(changes, es));
  }, []);

  const onConnectEnd = useCallback<OnConnectEnd>(
    (event, state) => {
      const source = state.fromNode?.id;
      if (!source || !onConnect) return;
      const target = nodeAtPointer(event) ?? state.toNode?.id ?? null;
      if (target && target !== source) onConnect(source, target);
    },
    [onConnect],
  );

  return (
    <div
      className={`canvas-view${className ? ` ${className}` : ""}`}
      data-testid="canvas-view"
      role="group"
      aria-label={label}
    >
      <ReactFlow<CanvasFlowNode, CanvasFlowEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        edgeTypes={EDGE_TYPES}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnectEnd={readOnly ? undefined : onConnectEnd}
        onEdgesDelete={readOnly ? undefined : (es) => es.forEach((e) => onDeleteEdge?.(e.id))}
        onNodeDragStop={(_e, _node, dragged) => {
          const at = Object.fromEntries(dragged.map((n) => [n.id, n.position]));
          setMoved((m) => ({ base: graph.positions, at: { ...(m.base === graph.positions ? m.at : {}), ...at } }));
          onMoveNodes?.(
            dragged.map((n) => ({ nodeId: n.id, x: Math.round(n.position.x), y: Math.round(n.position.y) })),
          );
        }}
        onPaneClick={() => onSelectNode?.(null)}
        nodesConnectable={!readOnly}
        nodesFocusable
        edgesFocusable={!readOnly}
        elementsSelectable
        deleteKeyCode={readOnly ? null : DELETE_KEYS}
        connectionRadius={30}
        minZoom={0.1}
        maxZoom={2}
        fitView
        fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
        proOptions={{ hideAttribution: true }}
        ariaLabelConfig={{
          "node.a11yDescription.default": "Press Enter or Space to select this node and show it in the side panel.",
          "edge.a11yDescription.default": "Press Enter or Space to select this edge, then Delete to detach it.",
        }}
      >
        <Background gap={20} size={1} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
