/**
 * The conversation page's transcript: the fold of the stored events (lib/events/
 * transcript-fold.shared.ts, the one place the event log is read as a transcript) plus what only
 * the page has — the streamed, unstored answer text of runs still generating, and each run's
 * status line.
 */
import type { StoredEvent } from "@/lib/events/event-types.shared";
import { foldTranscript } from "@/lib/events/transcript-fold.shared";
import type { RunItem, Tone, Transcript, TranscriptRun } from "@/lib/events/transcript-types.shared";

/** Streamed text of one run, received after the stored event `afterSeq`. */
export interface PendingText {
  afterSeq: number;
  text: string;
}

/** Per run id: the streamed text not yet replaced by a stored assistant message. */
export type PendingTexts = Readonly<Record<string, PendingText>>;

export interface StatusLine {
  tone: Tone;
  text: string;
}

/** The transcript of the stored events with the streamed text of running runs at their end. */
export function buildTranscript(events: readonly StoredEvent[], deltas: PendingTexts = {}): Transcript {
  const t = foldTranscript(events);
  // Streamed text shows until a stored assistant message of its run arrives after it.
  for (const [runId, pending] of Object.entries(deltas)) {
    const run = t.runs[runId];
    if (!run || run.status !== "running" || !pending.text) continue;
    const superseded = events.some(
      (e) =>
        e.runId === runId && e.seq > pending.afterSeq && e.type === "LlmMessageEvent" && e.data.role === "assistant",
    );
    if (!superseded)
      run.items.push({ kind: "text", key: `stream-${runId}-${pending.afterSeq}`, text: pending.text, streaming: true });
  }
  return t;
}

function activity(run: TranscriptRun): string | null {
  const running = run.items
    .filter((i): i is Extract<RunItem, { kind: "tool" }> => i.kind === "tool" && i.call.status === "running")
    .map((i) => `\`${i.call.toolName}\``);
  if (running.length) return `calling ${running.join(", ")}…`;
  const last = run.items[run.items.length - 1];
  if (last?.kind === "text" && last.streaming) return null;
  return "thinking…";
}

/** The one line under a run that says where it is (none for a run that answered). */
export function statusLineOf(run: TranscriptRun): StatusLine | null {
  if (run.stopReason === "superseded" && run.status !== "failed")
    return { tone: "warn", text: "superseded by a newer message" };
  switch (run.status) {
    case "running": {
      const text = activity(run);
      return text ? { tone: "info", text } : null;
    }
    case "suspended":
      return { tone: "warn", text: "awaiting approval" };
    case "failed":
      return { tone: "error", text: run.error ? `run failed — ${run.error.type}: ${run.error.message}` : "run failed" };
    case "interrupted":
      return { tone: "warn", text: "interrupted" };
    case "completed":
      if (run.stopReason === "usage_limit")
        return { tone: "warn", text: run.concludedBy ? "usage limit reached — concluding" : "usage limit reached" };
      return null;
    default:
      return null;
  }
}

/**
 * Whether the conversation's detail saying a run is active still holds: the log is newer than a
 * detail fetched mid-run, so a run whose RunFinished we already hold is over whatever it says.
 */
export function activeRunStillRunning(
  activeRun: { id: string; status: string } | null | undefined,
  transcript: Pick<Transcript, "runs">,
): boolean {
  if (activeRun?.status !== "running") return false;
  const seen = transcript.runs[activeRun.id];
  return !seen || seen.status === "running";
}

/**
 * Folds one streamed delta into the pending texts (pure). `lastSeq` is the newest stored event seen:
 * a stored assistant message of the run after it replaces the text (see `settleDeltas`).
 */
export function addDelta(pending: PendingTexts, runId: string, delta: string, lastSeq: number): PendingTexts {
  const cur = pending[runId];
  return {
    ...pending,
    [runId]: cur ? { afterSeq: cur.afterSeq, text: cur.text + delta } : { afterSeq: lastSeq, text: delta },
  };
}

/** Drops the pending text a stored assistant message of its run replaced. */
export function settleDeltas(pending: PendingTexts, event: StoredEvent): PendingTexts {
  if (event.type !== "LlmMessageEvent" || event.data.role !== "assistant" || !event.runId) return pending;
  const cur = pending[event.runId];
  if (!cur || event.seq <= cur.afterSeq) return pending;
  const next = { ...pending };
  delete next[event.runId];
  return next;
}

/**
 * What the page's own streams have delivered: the pending texts, and the newest stored event they
 * carried (`anchor`, what a new streamed text is anchored to). One state, so a delta is anchored to
 * the events that arrived before it whenever React gets to apply it: an anchor read from a ref at
 * render time could already be past the assistant message that replaces the text (the text then
 * showed twice until the run finished).
 */
export interface StreamState {
  pending: PendingTexts;
  anchor: number;
}

export type StreamAction =
  | { kind: "delta"; runId: string; delta: string }
  | { kind: "event"; event: StoredEvent }
  /** A stream starts from where the page stands (a send, or a tail). */
  | { kind: "anchor"; seq: number };

export const EMPTY_STREAM: StreamState = { pending: {}, anchor: 0 };

export function streamReducer(state: StreamState, action: StreamAction): StreamState {
  switch (action.kind) {
    case "delta":
      return { ...state, pending: addDelta(state.pending, action.runId, action.delta, state.anchor) };
    case "event": {
      const pending = settleDeltas(state.pending, action.event);
      const anchor = Math.max(state.anchor, action.event.seq);
      return pending === state.pending && anchor === state.anchor ? state : { pending, anchor };
    }
    case "anchor":
      return action.seq === state.anchor ? state : { ...state, anchor: action.seq };
  }
}
