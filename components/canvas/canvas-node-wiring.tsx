"use client";
/**
 * A node's wiring, the same in the side panel and in the list view: what it uses (each detachable
 * use with its Detach button) and what uses it, and on an agent, when the viewer may edit, the
 * control that attaches a tool, skill, MCP tool or agent to it.
 */
import type { CanvasGraph, CanvasNode } from "@/lib/canvas/canvas-graph.shared";
import { CanvasAttachControl } from "./canvas-attach-control";
import { CanvasNodeUses } from "./canvas-node-uses";

export function CanvasNodeWiring({
  graph,
  candidates,
  node,
  canEdit,
  invalidEdges,
  onAttach,
  onDetach,
}: {
  graph: Pick<CanvasGraph, "nodes" | "edges">;
  /** What an agent may be given: the graph drawn, or the whole workspace on an agent's tab. */
  candidates: Pick<CanvasGraph, "nodes" | "edges">;
  node: CanvasNode;
  canEdit: boolean;
  invalidEdges: Record<string, string>;
  onAttach: (source: string, target: string) => boolean;
  onDetach: (edgeId: string) => void;
}) {
  return (
    <>
      <CanvasNodeUses
        graph={graph}
        nodeId={node.id}
        canEdit={canEdit}
        onDetach={onDetach}
        invalidEdges={invalidEdges}
      />
      {canEdit && node.kind === "agent" ? (
        <CanvasAttachControl graph={candidates} agentNode={node} onAttach={onAttach} />
      ) : null}
    </>
  );
}
