import { newToolSpan, type EventHandler } from "../run-layout";

/**
 * A call's outcome and duration: it starts when its step's request ended (a held call when it was
 * approved); a call of another agent holds its child run, laid out from the call's start.
 */
export const toolReturn: EventHandler<"ToolReturnEvent"> = (e, run, trace) => {
  const d = e.data;
  let span = run.tools.get(d.toolCallId);
  if (!span) {
    span = newToolSpan(run, e.seq, d.toolCallId, d.toolName);
    run.tools.set(d.toolCallId, span);
    run.spans.push(span);
  }
  const duration = Math.max(0, d.durationMs ?? 0);
  let begin = run.phaseStart.get(span) ?? run.cursor;
  const approval = span.approvalId ? run.approvals.get(span.approvalId) : undefined;
  if (approval?.decidedAt) begin = Math.max(begin, approval.endMs);
  span.startMs = begin;
  span.endMs = begin + duration;
  span.durationMs = d.durationMs ?? 0;
  span.success = d.success;
  span.errorType = d.errorType ?? null;
  span.replayed = !!d.replayed;
  span.memoized = !!d.memoized;
  const childRow = d.childRunId ? trace.runsById.get(d.childRunId) : undefined;
  if (childRow && !trace.laidOut.has(childRow.id)) {
    span.child = trace.layoutRun(childRow, begin);
    span.endMs = Math.max(span.endMs, span.child.endMs);
  }
  run.cursor = Math.max(run.cursor, span.endMs);
};
