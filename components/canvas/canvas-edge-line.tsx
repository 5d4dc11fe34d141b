"use client";
/**
 * One edge of the canvas: a curve from the user to what it uses, its label (a tool's pin: "v3" or
 * "latest"), and its state in a live run (lit while a call along it is in flight, red when it
 * failed). The wrapper carries `data-testid="canvas-edge"`, the edge id and its run status.
 */
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from "@xyflow/react";
import type { CanvasFlowEdge } from "./canvas-flow-types";

export function CanvasEdgeLine(props: EdgeProps<CanvasFlowEdge>) {
  const { id, data, selected, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, markerEnd } = props;
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  const status = data?.runStatus ?? "idle";
  const invalid = data?.invalid ?? null;
  const kind = data?.edge.kind ?? "uses-tool";
  return (
    <g
      data-testid="canvas-edge"
      data-edge-id={id}
      data-run-status={status}
      data-edge-kind={kind}
      className={`canvas-edge run-${status} kind-${kind}${invalid ? " invalid" : ""}${selected ? " selected" : ""}`}
    >
      <BaseEdge id={id} path={path} markerEnd={markerEnd} interactionWidth={18} />
      {data?.label || invalid ? (
        <EdgeLabelRenderer>
          <div
            className={`canvas-edge-label${invalid ? " invalid" : ""}${selected ? " selected" : ""}`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            data-testid="canvas-edge-label"
            data-edge-id={id}
            title={invalid ?? undefined}
          >
            {invalid ? `✕ ${data?.label ?? ""}`.trim() : data?.label}
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </g>
  );
}
