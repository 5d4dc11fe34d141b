import type { StoredEvent } from "../../../../events/event-types";
import type { RunLayout, TraceScope } from "../run-layout";
import { markText } from "../trace-text";
import type { TraceModelSpan } from "../trace-wire.shared";

type MarkEvent = "LlmContextCompactedEvent" | "LlmContextClearedEvent" | "ModelSwitched";

const KIND = {
  LlmContextCompactedEvent: "compaction",
  LlmContextClearedEvent: "cleared",
  ModelSwitched: "model-switch",
} as const;

/**
 * A mark on the run's line: a compaction (the request just before it was its summarizer), a
 * cleared context, a model switch.
 */
export function contextMark(
  e: Extract<StoredEvent, { type: MarkEvent }>,
  run: RunLayout,
  trace: TraceScope,
  index: number,
): void {
  const previous = run.events[index - 1];
  if (e.type === "LlmContextCompactedEvent" && previous?.type === "LlmUsageEvent") {
    // The request just before a compaction wrote its summary.
    const summarizer = run.spans.findLast((s): s is TraceModelSpan => s.type === "model" && s.seq === previous.seq);
    if (summarizer)
      Object.assign(summarizer, { purpose: "summarizer", text: "", toolCalls: [], systemPromptHash: null });
  }
  const when = Math.max(run.cursor, trace.at(e.createdAt));
  run.spans.push({ type: KIND[e.type], seq: e.seq, runId: run.row.id, startMs: when, endMs: when, ...markText(e) });
}
