/**
 * Where a conversation may be forked (docs/time-travel.md, "Fork"): the seqs after which its log is
 * a whole conversation — no run open, nothing half-recorded — so a fork that copies the log up to
 * there can take its next turn as the original's next turn would have. Pure: a fold over the log.
 *
 * A point is valid when, after its event, no run is open (a suspended run is open: it resumes under
 * the same id) and the event is either
 * - the `RunFinished` of a top-level run (a turn, a command, a conclusion) — unless that run's breach
 *   is concluded by a sibling conclusion run later in the log: the point is after the conclusion; or
 * - an event outside any run (`runId` null) — unless it is a manual compaction's summarizer usage,
 *   which is one step with the `LlmContextCompactedEvent` that follows it.
 * 0 (before the first event) is always valid.
 *
 * Browser-safe: the server refuses a fork elsewhere with these points (use-cases/fork-conversation.ts),
 * and the conversation page offers "Fork from here" at them (components/conversations/branches).
 */
import type { StoredEvent } from "./event-types.shared";

const TOP_LEVEL = new Set(["turn", "command", "conclusion"]);

/** Every valid fork point of the log (in seq order; the live tail may repeat an event), ascending (0 first). */
export function forkPoints(input: readonly StoredEvent[]): number[] {
  const events = inSeqOrder(input);
  const kinds = new Map<string, string>();
  const concluded = new Set<string>();
  for (const e of events)
    if (e.type === "RunStarted" && e.data.kind === "conclusion" && e.data.parentRunId)
      concluded.add(e.data.parentRunId);
  const open = new Set<string>();
  const points = [0];
  events.forEach((e, i) => {
    if (e.type === "RunStarted" && e.runId) {
      kinds.set(e.runId, e.data.kind);
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
      if (!summarizerUsage) points.push(e.seq);
      return;
    }
    if (e.type !== "RunFinished" || e.data.status === "suspended") return;
    if (!TOP_LEVEL.has(kinds.get(e.runId) ?? "") || concluded.has(e.runId)) return;
    points.push(e.seq);
  });
  return points;
}

/** Up to `each` valid points on each side of `seq` (not `seq` itself), ascending: what a refusal suggests. */
export function nearestForkPoints(points: readonly number[], seq: number, each = 3): number[] {
  const before = points.filter((p) => p < seq).slice(-each);
  const after = points.filter((p) => p > seq).slice(0, each);
  return [...before, ...after];
}

/** The log by seq, each event once. */
export function inSeqOrder(events: readonly StoredEvent[]): StoredEvent[] {
  let ordered = true;
  for (let i = 1; i < events.length && ordered; i++) ordered = events[i - 1].seq < events[i].seq;
  if (ordered) return events as StoredEvent[];
  const bySeq = new Map<number, StoredEvent>();
  for (const e of events) if (!bySeq.has(e.seq)) bySeq.set(e.seq, e);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}
