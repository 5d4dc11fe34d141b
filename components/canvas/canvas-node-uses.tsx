"use client";
/**
 * What a node uses and what uses it, as lists: each detachable use has a Detach button named after
 * both ends ("Detach weather from lead"), so the wiring can be undone from the keyboard.
 */
import type { CanvasGraph } from "@/lib/canvas/canvas-graph.shared";
import { edgeLabel, isDetachable } from "./canvas-flow-elements";

export function CanvasNodeUses({
  graph,
  nodeId,
  canEdit,
  onDetach,
  invalidEdges,
}: {
  graph: Pick<CanvasGraph, "nodes" | "edges">;
  nodeId: string;
  canEdit: boolean;
  onDetach: (edgeId: string) => void;
  invalidEdges: Record<string, string>;
}) {
  const label = (id: string) => graph.nodes.find((n) => n.id === id)?.label ?? id;
  const uses = graph.edges.filter((e) => e.source === nodeId);
  const usedBy = graph.edges.filter((e) => e.target === nodeId);
  return (
    <div className="canvas-uses">
      <div>
        <div className="canvas-uses-head">Uses</div>
        {uses.length === 0 ? (
          <p className="muted small">nothing</p>
        ) : (
          <ul className="plain-list" data-testid="canvas-uses">
            {uses.map((e) => {
              const pin = edgeLabel(e);
              return (
                <li key={e.id} data-edge-id={e.id} className={invalidEdges[e.id] ? "canvas-bad" : undefined}>
                  <span className="canvas-uses-name">
                    {label(e.target)}
                    {pin ? <span className="muted small mono"> {pin}</span> : null}
                    {invalidEdges[e.id] ? <span className="small"> — {invalidEdges[e.id]}</span> : null}
                  </span>
                  {canEdit && isDetachable(e) ? (
                    <button
                      type="button"
                      className="btn small canvas-detach"
                      aria-label={`Detach ${label(e.target)} from ${label(e.source)}`}
                      onClick={() => onDetach(e.id)}
                    >
                      Detach
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div>
        <div className="canvas-uses-head">Used by</div>
        {usedBy.length === 0 ? (
          <p className="muted small">nothing</p>
        ) : (
          <ul className="plain-list" data-testid="canvas-used-by">
            {usedBy.map((e) => (
              <li key={e.id}>{label(e.source)}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
