/**
 * Where a conversation can be forked, worked out in the browser from its event log by the rule of
 * docs/time-travel.md ("Where a fork may start"); the server is the judge (a point it refuses
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

export interface ForkPoints {
  /** Per top-level run id: the seq to fork after it (its last RunFinished). */
  afterRun: Record<string, number>;
  /** Per user message of a turn (by the message's seq): the point just before its run. */
  beforeMessage: Record<number, number>;
  /** Every point, ascending (0 first). */
  all: number[];
}

const TOP_LEVEL = new Set(["turn", "command", "conclusion"]);

function sortedUnique(events: readonly StoredEvent[]): StoredEvent[] {
  const bySeq = new Map<number, StoredEvent>();
  for (const e of events) if (!bySeq.has(e.seq)) bySeq.set(e.seq, e);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export function forkPointsOf(input: readonly StoredEvent[]): ForkPoints {
  const events = sortedUnique(input);
  const kinds = new Map<string, string>();
  const starts = new Map<string, number>();
  const concluded = new Set<string>();
  for (const e of events)
    if (e.type === "RunStarted" && e.data.kind === "conclusion" && e.data.parentRunId)
      concluded.add(e.data.parentRunId);
  const open = new Set<string>();
  const all = [0];
  const afterRun: Record<string, number> = {};
  events.forEach((e, i) => {
    if (e.type === "RunStarted" && e.runId) {
      kinds.set(e.runId, e.data.kind);
      if (!starts.has(e.runId)) starts.set(e.runId, e.seq);
      open.add(e.runId);
    }
    if (e.type === "RunFinished" && e.runId) {
      if (e.data.status === "suspended") open.add(e.runId);
      else open.delete(e.runId);
    }
    if (open.size > 0) return;
    if (e.runId === null) {
      const next = events[i + 1];
      const summarizerUsage = e.type === "LlmUsageEvent" && next?.type === "LlmContextCompactedEvent" && !next.runId;
      if (!summarizerUsage) all.push(e.seq);
      return;
    }
    if (e.type !== "RunFinished" || e.data.status === "suspended") return;
    if (!TOP_LEVEL.has(kinds.get(e.runId) ?? "") || concluded.has(e.runId)) return;
    all.push(e.seq);
    afterRun[e.runId] = e.seq;
  });

  const valid = new Set(all);
  const beforeMessage: Record<number, number> = {};
  for (const e of events) {
    if (e.type !== "LlmMessageEvent" || e.data.role !== "user") continue;
    const kind = e.runId ? kinds.get(e.runId) : "turn";
    if (kind !== "turn") continue;
    const start = Math.min(e.seq, (e.runId && starts.get(e.runId)) || e.seq);
    const before = events.filter((x) => x.seq < start).pop()?.seq ?? 0;
    if (valid.has(before)) beforeMessage[e.seq] = before;
  }
  return { afterRun, beforeMessage, all };
}
