/**
 * Where a conversation can be forked, worked out in the browser from its event log (the server is
 * the judge: a point it refuses answers 400 with its own `validSeqs`). docs/time-travel.md:
 * - after a settled top-level run (turn, command, or the conclusion that ended a turn): the seq of
 *   its last RunFinished — not for a turn followed by its conclusion run, not while it is open or
 *   suspended;
 * - an event between turns (outside every top-level run), or 0 before the first event.
 * "Fork from here" on a user message forks just before its run: at the event preceding that run's
 * RunStarted (0 when there is none), when that point is a valid one.
 */
import type { StoredEvent } from "@/lib/events/event-types.shared";

export interface ForkPoints {
  /** Per top-level run id: the seq to fork after it (the seq of its last RunFinished). */
  afterRun: Record<string, number>;
  /** Per top-level user message (by its seq): the seq just before its run. */
  beforeMessage: Record<number, number>;
  /** Every point found, ascending (0 included). */
  all: number[];
}

interface RunInfo {
  kind: string;
  parentRunId: string | null;
  startedSeq: number;
  lastSeq: number;
  finishedSeq: number | null;
  finishedStatus: string | null;
}

function sortedUnique(events: readonly StoredEvent[]): StoredEvent[] {
  const bySeq = new Map<number, StoredEvent>();
  for (const e of events) if (!bySeq.has(e.seq)) bySeq.set(e.seq, e);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

function readRuns(events: readonly StoredEvent[]): Map<string, RunInfo> {
  const runs = new Map<string, RunInfo>();
  for (const e of events) {
    if (!e.runId) continue;
    let r = runs.get(e.runId);
    if (!r && e.type === "RunStarted") {
      r = {
        kind: e.data.kind,
        parentRunId: e.data.parentRunId ?? null,
        startedSeq: e.seq,
        lastSeq: e.seq,
        finishedSeq: null,
        finishedStatus: null,
      };
      runs.set(e.runId, r);
      continue;
    }
    if (!r) continue;
    r.lastSeq = Math.max(r.lastSeq, e.seq);
    if (e.type === "RunFinished") {
      r.finishedSeq = e.seq;
      r.finishedStatus = e.data.status;
    }
  }
  return runs;
}

/** A run is settled once its last event is a RunFinished that does not hold it for a decision. */
function settled(r: RunInfo): boolean {
  return r.finishedSeq !== null && r.finishedSeq === r.lastSeq && r.finishedStatus !== "suspended";
}

export function forkPointsOf(input: readonly StoredEvent[]): ForkPoints {
  const events = sortedUnique(input);
  const runs = readRuns(events);
  const concluded = new Set<string>();
  for (const r of runs.values()) if (r.kind === "conclusion" && r.parentRunId) concluded.add(r.parentRunId);

  const afterRun: Record<string, number> = {};
  // The seq spans covered by top-level runs (a turn's span reaches its conclusion's end; an open
  // run's has no end): an event inside one is not "between turns".
  const spans: Array<[number, number]> = [];
  for (const [id, r] of runs) {
    if (r.kind === "child") continue;
    const end = settled(r) ? r.lastSeq : Number.POSITIVE_INFINITY;
    spans.push([r.startedSeq, end]);
    if (settled(r) && !concluded.has(id)) afterRun[id] = r.finishedSeq!;
  }
  // Child runs' events lie inside their parents' spans; a conclusion's span joins its turn's.
  for (const r of runs.values()) {
    if (r.kind !== "conclusion" || !r.parentRunId) continue;
    const parent = runs.get(r.parentRunId);
    if (parent) spans.push([parent.startedSeq, settled(r) ? r.lastSeq : Number.POSITIVE_INFINITY]);
  }
  const inside = (seq: number) => spans.some(([a, b]) => seq >= a && seq <= b);

  const valid = new Set<number>([0, ...Object.values(afterRun)]);
  for (const e of events) if (!inside(e.seq)) valid.add(e.seq);

  const beforeMessage: Record<number, number> = {};
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e.type !== "LlmMessageEvent" || e.data.role !== "user") continue;
    const run = e.runId ? runs.get(e.runId) : undefined;
    if (run && run.kind !== "turn") continue;
    const start = run ? Math.min(run.startedSeq, e.seq) : e.seq;
    const before = events.filter((x) => x.seq < start).pop()?.seq ?? 0;
    if (valid.has(before)) beforeMessage[e.seq] = before;
  }
  return { afterRun, beforeMessage, all: [...valid].sort((a, b) => a - b) };
}
