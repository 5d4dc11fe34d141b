import type { EventHandler } from "../run-layout";

/** A wait for approval closes (by whom, why, how long it waited), and so does the run's suspension. */
export const approvalDecided: EventHandler<"ApprovalDecided"> = (e, run, trace) => {
  const d = e.data;
  const span = run.approvals.get(d.approvalId);
  const when = Math.max(run.cursor, trace.at(e.createdAt));
  if (span) {
    const stored = trace.approvalRows.get(d.approvalId);
    const decidedAt = stored?.decidedAt ?? new Date(e.createdAt);
    span.endMs = Math.max(span.startMs, when);
    span.decision = d.decision;
    span.decidedBy = d.decidedBy;
    span.reason = d.reason;
    span.decidedAt = decidedAt.toISOString();
    span.waitMs = Math.max(0, decidedAt.getTime() - Date.parse(span.requestedAt));
  }
  const open = run.suspensions.at(-1);
  if (open) open.endMs = when;
  run.cursor = when;
};
