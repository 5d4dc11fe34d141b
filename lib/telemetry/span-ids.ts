/**
 * Deterministic OpenTelemetry ids (docs/telemetry.md, "Ids"): whichever process exports a piece of
 * a turn — the one that ran it, or a worker that resumed it after an approval — derives the same
 * ids from the run ids in the log, so the pieces join into one trace and nothing is sent twice
 * under two ids. Each id is the first bytes of a SHA-256 over a labelled key, never all zero.
 */
import { createHash } from "node:crypto";

function digest(key: string, bytes: number): string {
  const hex = createHash("sha256")
    .update(key)
    .digest("hex")
    .slice(0, bytes * 2);
  // An all-zero id is invalid in OpenTelemetry (a chance of 2^-64 at worst): nudge the last digit.
  return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex;
}

/** The trace of a user's turn: from its root run's id (the turn run; a child's or a conclusion's root). */
export function traceIdOf(rootRunId: string): string {
  return digest(`atelier.trace\u0000${rootRunId}`, 16);
}

/** One execution segment of a run (0 = until its first stop; 1 = after its first resume…). */
export function segmentSpanId(runId: string, segment: number): string {
  return digest(`atelier.segment\u0000${runId}\u0000${segment}`, 8);
}

/** A run's n-th model request (0-based, counted over the whole run). */
export function chatSpanId(runId: string, request: number): string {
  return digest(`atelier.chat\u0000${runId}\u0000${request}`, 8);
}

/** One tool call of a run (a call id is unique within its run). */
export function toolSpanId(runId: string, toolCallId: string): string {
  return digest(`atelier.tool\u0000${runId}\u0000${toolCallId}`, 8);
}
