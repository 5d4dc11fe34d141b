/**
 * The run timeline's state (timeline-scrubber.tsx): which seq the canvas shows — a seq chosen by
 * the scrubber, or none to follow the run live — whether it plays, and how fast. Playing steps one
 * event per STEP_MS / speed; reaching the newest event goes back to following live. Pure, so the
 * reducer is tested without a browser.
 */

/** The playback speeds offered, slowest first. */
export const SPEEDS = [0.5, 1, 2, 4, 8] as const;
/** Milliseconds between two events at 1×. */
export const STEP_MS = 600;

export interface TimelineState {
  /** The seq shown; null follows the newest event (live). */
  at: number | null;
  playing: boolean;
  speed: number;
}

export const INITIAL_TIMELINE: TimelineState = { at: null, playing: false, speed: 1 };

export type TimelineAction =
  | { kind: "seek"; seq: number; seqs: readonly number[] }
  | { kind: "step"; by: 1 | -1; seqs: readonly number[] }
  | { kind: "play"; seqs: readonly number[] }
  | { kind: "pause" }
  | { kind: "tick"; seqs: readonly number[] }
  | { kind: "speed"; speed: number }
  | { kind: "live" };

/** The seq the canvas shows: the chosen one, else the newest (0 before any event). */
export function shownSeq(state: TimelineState, seqs: readonly number[]): number {
  return state.at ?? seqs[seqs.length - 1] ?? 0;
}

/** The index of the newest seq at or before `seq` (0 when none is). */
export function indexAt(seqs: readonly number[], seq: number): number {
  let i = 0;
  for (let k = 0; k < seqs.length; k++) if (seqs[k] <= seq) i = k;
  return i;
}

/** Standing on the newest event is following live. */
function standAt(seqs: readonly number[], index: number): number | null {
  const i = Math.min(Math.max(index, 0), seqs.length - 1);
  return i >= seqs.length - 1 ? null : seqs[i];
}

export function timelineReducer(state: TimelineState, action: TimelineAction): TimelineState {
  switch (action.kind) {
    case "seek": {
      if (action.seqs.length === 0) return state;
      const at = standAt(action.seqs, indexAt(action.seqs, action.seq));
      return { ...state, at, playing: at === null ? false : state.playing };
    }
    case "step": {
      if (action.seqs.length === 0) return state;
      const from = indexAt(action.seqs, shownSeq(state, action.seqs));
      return { ...state, at: standAt(action.seqs, from + action.by), playing: false };
    }
    case "play":
      if (action.seqs.length < 2) return state;
      // From the newest event, play replays the run from its first.
      return { ...state, at: state.at ?? action.seqs[0], playing: true };
    case "pause":
      return { ...state, playing: false };
    case "tick": {
      if (!state.playing || state.at === null || action.seqs.length === 0) return { ...state, playing: false };
      const at = standAt(action.seqs, indexAt(action.seqs, state.at) + 1);
      return { ...state, at, playing: at !== null };
    }
    case "speed":
      return (SPEEDS as readonly number[]).includes(action.speed) ? { ...state, speed: action.speed } : state;
    case "live":
      return { ...state, at: null, playing: false };
  }
}
