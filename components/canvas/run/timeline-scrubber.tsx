"use client";
/**
 * The run's timeline under the canvas: a slider over the conversation's events (each stop one
 * seq), step back and forward, play / pause at 0.5×–8×, and "Live" to follow the newest event
 * again. Every control is a native button, slider or select with a name, so the keyboard reaches
 * and works them all (the slider: arrows, Home, End). The readout says which event is shown.
 */
import type { Dispatch } from "react";
import type { StoredEvent } from "@/lib/events/event-types.shared";
import { eventLabel } from "./event-label";
import { indexAt, SPEEDS, type TimelineAction, type TimelineState } from "./timeline-state";

export function TimelineScrubber({
  events,
  seqs,
  timeline,
  shown,
  dispatch,
}: {
  events: readonly StoredEvent[];
  seqs: readonly number[];
  timeline: TimelineState;
  shown: number;
  dispatch: Dispatch<TimelineAction>;
}) {
  const index = indexAt(seqs, shown);
  const last = seqs.length - 1;
  const event = events.find((e) => e.seq === shown);
  const readout = seqs.length
    ? `Event ${index + 1} of ${seqs.length} (seq ${shown})${event ? `: ${eventLabel(event)}` : ""}`
    : "No events yet";
  const empty = seqs.length === 0;
  return (
    <section className="cr-timeline" aria-label="Run timeline" data-testid="run-timeline">
      <div className="cr-timeline-buttons">
        <button
          type="button"
          className="btn small"
          onClick={() => dispatch({ kind: "step", by: -1, seqs })}
          disabled={empty || index === 0}
          aria-label="Step back one event"
          title="Step back one event"
          data-testid="timeline-back"
        >
          ◀
        </button>
        <button
          type="button"
          className="btn small cr-play"
          onClick={() => dispatch(timeline.playing ? { kind: "pause" } : { kind: "play", seqs })}
          disabled={seqs.length < 2}
          aria-label={timeline.playing ? "Pause the replay" : "Play the run from here"}
          data-testid="timeline-play"
          data-playing={timeline.playing}
        >
          {timeline.playing ? "❚❚ Pause" : "▶ Play"}
        </button>
        <button
          type="button"
          className="btn small"
          onClick={() => dispatch({ kind: "step", by: 1, seqs })}
          disabled={empty || timeline.at === null}
          aria-label="Step forward one event"
          title="Step forward one event"
          data-testid="timeline-forward"
        >
          ▶|
        </button>
      </div>
      <input
        className="cr-timeline-range"
        type="range"
        aria-label="Shown event"
        min={0}
        max={Math.max(last, 0)}
        step={1}
        value={index}
        disabled={empty}
        onChange={(e) => dispatch({ kind: "seek", seq: seqs[Number(e.target.value)] ?? 0, seqs })}
        aria-valuetext={readout}
        data-testid="timeline-range"
        data-seq={shown}
      />
      <label className="cr-timeline-speed small">
        Speed{" "}
        <select
          value={timeline.speed}
          onChange={(e) => dispatch({ kind: "speed", speed: Number(e.target.value) })}
          data-testid="timeline-speed"
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn small"
        aria-pressed={timeline.at === null}
        onClick={() => dispatch({ kind: "live" })}
        title="Show the newest event and follow the run as it goes"
        data-testid="timeline-live"
      >
        Live
      </button>
      <output className="cr-timeline-readout small muted" data-testid="timeline-readout" aria-live="polite">
        {readout}
      </output>
    </section>
  );
}
