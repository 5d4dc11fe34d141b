import type { EventHandler } from "../run-layout";
import type { TraceApprovalSpan } from "../trace-wire.shared";

/** A wait for approval opens (its status from the approval's row); its call names it. */
export const approvalRequested: EventHandler<"ApprovalRequested"> = (e, run, trace) => {
  const d = e.data;
  const row = trace.approvalRows.get(d.approvalId);
  const begin = Math.max(run.cursor, trace.at(e.createdAt));
  const span: TraceApprovalSpan = {
    type: "approval",
    seq: e.seq,
    runId: run.row.id,
    startMs: begin,
    endMs: begin,
    approvalId: d.approvalId,
    toolName: d.toolName,
    toolCallId: d.toolCallId,
    arguments: d.arguments,
    target: d.target ?? null,
    status: row?.status ?? "pending",
    decision: null,
    decidedBy: null,
    reason: null,
    requestedAt: (row?.createdAt ?? new Date(e.createdAt)).toISOString(),
    decidedAt: null,
    waitMs: null,
  };
  run.approvals.set(d.approvalId, span);
  const call = run.tools.get(d.toolCallId);
  if (call) call.approvalId = d.approvalId;
  run.spans.push(span);
  run.cursor = begin;
};
