"use client";
/**
 * The side panel of the run canvas: with no node selected, the calls held for approval (each
 * selects its node) and what the colours mean; with one selected, its state at the shown event and
 * — for a held call — the approval card with its arguments and target (approvers decide there), or,
 * once the call has been decided, the arguments it was held with.
 */
import { ArgumentsTable, PendingApprovalCard } from "@/components/approvals/approval-card";
import { useApprovals } from "@/components/approvals/approval-queries";
import type { CanvasGraph, CanvasNode } from "@/lib/canvas/canvas-graph.shared";
import type { CanvasHeldCall, CanvasNodeRunStatus, CanvasRunState } from "@/lib/canvas/canvas-run-state.shared";

const STATUS_TEXT: Record<CanvasNodeRunStatus, string> = {
  idle: "not reached",
  thinking: "asking its model",
  running: "running",
  held: "awaiting approval",
  failed: "failed",
  done: "done",
};
const STATUS_PILL: Record<CanvasNodeRunStatus, string> = {
  idle: "",
  thinking: "status-running",
  running: "status-running",
  held: "status-pending",
  failed: "status-failed",
  done: "status-done",
};
const KIND_TEXT: Record<CanvasNode["kind"], string> = {
  agent: "Agent",
  tool: "Tool",
  builtin: "Built-in tool",
  "mcp-server": "MCP server",
  "mcp-tool": "MCP tool",
  skill: "Skill",
  connection: "Connection",
};

export function RunStatusPill({ status }: { status: CanvasNodeRunStatus }) {
  return (
    <span className={`pill ${STATUS_PILL[status]}`} data-testid="run-node-status" data-status={status}>
      {STATUS_TEXT[status]}
    </span>
  );
}

function HeldCallView({ held, following }: { held: CanvasHeldCall; following: boolean }) {
  const pending = useApprovals("pending");
  const waiting = pending.data?.approvals.some((a) => a.id === held.approvalId) ?? false;
  if (waiting) return <PendingApprovalCard approvalId={held.approvalId} showConversation={false} />;
  return (
    <div className="cr-held-past" data-testid="run-held-call" data-approval-id={held.approvalId}>
      <p className="small">
        <span className="mono">{held.toolName}</span> was held with these arguments.{" "}
        <span className="muted">
          {pending.isPending
            ? "Looking for its approval…"
            : following
              ? "It has been decided: the run goes on."
              : "It has been decided since this point of the run."}
        </span>
      </p>
      <ArgumentsTable args={held.args} />
    </div>
  );
}

export function RunNodePanel({
  graph,
  runState,
  selectedId,
  onSelect,
  following,
}: {
  graph: CanvasGraph;
  runState: CanvasRunState;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** The canvas shows the newest event (not a point scrubbed back to). */
  following: boolean;
}) {
  const node = selectedId ? (graph.nodes.find((n) => n.id === selectedId) ?? null) : null;
  if (!node) {
    return (
      <aside className="canvas-side cr-side" aria-label="The run" data-testid="run-node-panel">
        <h2 className="cr-side-title">The run</h2>
        {runState.held.length ? (
          <>
            <p className="small">Held for approval:</p>
            <ul className="cr-held-list">
              {runState.held.map((h) => (
                <li key={h.approvalId}>
                  <button
                    type="button"
                    className="btn small"
                    onClick={() => onSelect(h.nodeId)}
                    data-testid="run-held-open"
                  >
                    {h.toolName}: open its approval
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="muted small">
          Select a node (click it, or Tab to it and press Enter) to see its state at the shown event. A call held for
          approval opens its approval card.
        </p>
        <ul className="cr-legend small" aria-label="What the colours mean">
          <li>
            <span aria-hidden="true" className="cr-swatch run-thinking" /> asking its model
          </li>
          <li>
            <span aria-hidden="true" className="cr-swatch run-running" /> running
          </li>
          <li>
            <span aria-hidden="true" className="cr-swatch run-held" /> awaiting approval
          </li>
          <li>
            <span aria-hidden="true" className="cr-swatch run-done" /> done
          </li>
          <li>
            <span aria-hidden="true" className="cr-swatch run-failed" /> failed
          </li>
        </ul>
      </aside>
    );
  }
  const status = runState.nodes[node.id] ?? "idle";
  const held = runState.held.filter((h) => h.nodeId === node.id);
  const childRuns = Object.values(runState.childRuns).filter((n) => n === node.id).length;
  return (
    <aside className="canvas-side cr-side" aria-label={`${node.label} in the run`} data-testid="run-node-panel">
      <div className="canvas-side-head">
        <div>
          <span className="muted small">{KIND_TEXT[node.kind]}</span>
          <h2 className="cr-side-title" data-testid="run-node-title">
            {node.label}
          </h2>
        </div>
        <button type="button" className="btn small" onClick={() => onSelect(null)}>
          Close
        </button>
      </div>
      <p>
        <RunStatusPill status={status} />
        {childRuns ? (
          <span className="muted small">
            {" "}
            called {childRuns} time{childRuns === 1 ? "" : "s"} as a tool
          </span>
        ) : null}
      </p>
      {held.map((h) => (
        <HeldCallView key={h.approvalId} held={h} following={following} />
      ))}
    </aside>
  );
}
