import { describe, expect, it } from "vitest";
import { INITIAL_TIMELINE, indexAt, shownSeq, timelineReducer, type TimelineState } from "./timeline-state";

const SEQS = [1, 2, 3, 5, 8];
const at = (seq: number | null, playing = false): TimelineState => ({ at: seq, playing, speed: 1 });

describe("the run timeline", () => {
  it("shows the newest event when following live, else the chosen seq; 0 before any", () => {
    expect(shownSeq(INITIAL_TIMELINE, SEQS)).toBe(8);
    expect(shownSeq(at(3), SEQS)).toBe(3);
    expect(shownSeq(INITIAL_TIMELINE, [])).toBe(0);
    expect(indexAt(SEQS, 4)).toBe(2);
    expect(indexAt(SEQS, 0)).toBe(0);
  });

  it("seeks to the event at or before a seq; seeking to the newest follows live again", () => {
    expect(timelineReducer(INITIAL_TIMELINE, { kind: "seek", seq: 4, seqs: SEQS })).toEqual(at(3));
    expect(timelineReducer(at(3, true), { kind: "seek", seq: 8, seqs: SEQS })).toEqual(at(null));
    expect(timelineReducer(at(3, true), { kind: "seek", seq: 1, seqs: SEQS })).toEqual(at(1, true));
    expect(timelineReducer(INITIAL_TIMELINE, { kind: "seek", seq: 4, seqs: [] })).toEqual(INITIAL_TIMELINE);
  });

  it("steps one event back or forward, stopping at the ends and pausing", () => {
    expect(timelineReducer(INITIAL_TIMELINE, { kind: "step", by: -1, seqs: SEQS })).toEqual(at(5));
    expect(timelineReducer(at(1, true), { kind: "step", by: -1, seqs: SEQS })).toEqual(at(1));
    expect(timelineReducer(at(5), { kind: "step", by: 1, seqs: SEQS })).toEqual(at(null));
    expect(timelineReducer(INITIAL_TIMELINE, { kind: "step", by: 1, seqs: SEQS })).toEqual(at(null));
  });

  it("plays from the first event when live, ticks one event at a time, and goes live at the end", () => {
    let s = timelineReducer(INITIAL_TIMELINE, { kind: "play", seqs: SEQS });
    expect(s).toEqual(at(1, true));
    const seen: Array<number | null> = [];
    while (s.playing) {
      s = timelineReducer(s, { kind: "tick", seqs: SEQS });
      seen.push(s.at);
    }
    expect(seen).toEqual([2, 3, 5, null]);
    expect(timelineReducer(at(3), { kind: "play", seqs: SEQS })).toEqual(at(3, true));
    // Nothing to play with fewer than two events; a tick when paused does nothing.
    expect(timelineReducer(INITIAL_TIMELINE, { kind: "play", seqs: [4] })).toEqual(INITIAL_TIMELINE);
    expect(timelineReducer(at(3), { kind: "tick", seqs: SEQS })).toEqual(at(3));
    expect(timelineReducer(at(3, true), { kind: "pause" })).toEqual(at(3));
  });

  it("takes only the offered speeds; live drops the chosen seq", () => {
    expect(timelineReducer(INITIAL_TIMELINE, { kind: "speed", speed: 8 }).speed).toBe(8);
    expect(timelineReducer(INITIAL_TIMELINE, { kind: "speed", speed: 3 }).speed).toBe(1);
    expect(timelineReducer(at(3, true), { kind: "live" })).toEqual(at(null));
  });
});
