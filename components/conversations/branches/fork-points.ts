/**
 * Where a conversation can be forked, worked out in the browser from its event log by the server's
 * own rule (lib/events/fork-points.shared.ts; docs/time-travel.md); the server is the judge (a point it refuses
 * answers 400 with its own `validSeqs`). A point is 0, or an event after which no run is open (a
 * suspended run is open) that is either
 * - the RunFinished of a top-level run (turn, command, conclusion) — not of a turn whose breach a
 *   conclusion run concludes: the point is after the conclusion; or
 * - an event outside any run — not a manual compaction's summarizer usage (one step with the
 *   LlmContextCompactedEvent after it).
 * The page offers "Fork from here" after each run that ends at a point, and under each user message
 * of a turn whose run starts right after a point (forking before that run, the message going back
 * into the new conversation's composer).
 */
import type { StoredEvent } from "@/lib/events/event-types.shared";
import { forkPoints, inSeqOrder } from "@/lib/events/fork-points.shared";

export interface ForkPoints {
  /** Per top-level run id: the seq to fork after it (its last RunFinished). */
  afterRun: Record<string, number>;
  /** Per user message of a turn (by the message's seq): the point just before its run. */
  beforeMessage: Record<number, number>;
  /** Every point, ascending (0 first). */
  all: number[];
}

/** The page's fork points: the shared rule's points, placed after runs and before user messages. */
export function forkPointsOf(input: readonly StoredEvent[]): ForkPoints {
  const events = inSeqOrder(input);
  const all = forkPoints(events);
  const valid = new Set(all);
  const kinds = new Map<string, string>();
  const starts = new Map<string, number>();
  for (const e of events)
    if (e.type === "RunStarted" && e.runId) {
      kinds.set(e.runId, e.data.kind);
      if (!starts.has(e.runId)) starts.set(e.runId, e.seq);
    }
  const afterRun: Record<string, number> = {};
  for (const e of events) if (e.type === "RunFinished" && e.runId && valid.has(e.seq)) afterRun[e.runId] = e.seq;

  const beforeMessage: Record<number, number> = {};
  events.forEach((e) => {
    if (e.type !== "LlmMessageEvent" || e.data.role !== "user") return;
    const kind = e.runId ? kinds.get(e.runId) : "turn";
    if (kind !== "turn") return;
    const start = Math.min(e.seq, (e.runId && starts.get(e.runId)) || e.seq);
    const before = events.filter((x) => x.seq < start).pop()?.seq ?? 0;
    if (valid.has(before)) beforeMessage[e.seq] = before;
  });
  return { afterRun, beforeMessage, all };
}
