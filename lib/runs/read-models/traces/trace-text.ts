/** Arguments, results and marks as the trace carries them: long text cut at one limit. */
import type { StoredEvent, ToolResultOutput } from "../../../events/event-types";
import type { TraceToolSpan } from "./trace-wire.shared";

/** Arguments and results longer than this (as JSON text) are cut. */
export const TRACE_TEXT_LIMIT = 64_000;

export function setResult(span: TraceToolSpan, output: ToolResultOutput): void {
  const json = JSON.stringify(output);
  if (json.length <= TRACE_TEXT_LIMIT) {
    span.result = output;
    return;
  }
  const error = output.type === "error-text" || output.type === "error-json";
  span.result = { type: error ? "error-text" : "text", value: json.slice(0, TRACE_TEXT_LIMIT) };
  span.truncated = true;
}

export function capText(s: string | unknown): { text: string; cut: boolean } {
  const text = typeof s === "string" ? s : JSON.stringify(s);
  return text.length > TRACE_TEXT_LIMIT ? { text: text.slice(0, TRACE_TEXT_LIMIT), cut: true } : { text, cut: false };
}

export function markText(e: StoredEvent): { summary: string; detail: string | null } {
  switch (e.type) {
    case "LlmContextCompactedEvent":
      return {
        summary: `${e.data.strategyId}: ${e.data.replacedMessageCount} messages replaced, ${e.data.tokensBefore} → ${e.data.tokensAfter} tokens${
          // A summary longer than what it replaced: the fold grew the context, and says so.
          e.data.tokensAfter > e.data.tokensBefore
            ? ` (grew the context by ${e.data.tokensAfter - e.data.tokensBefore} tokens)`
            : ""
        }`,
        detail: e.data.summary,
      };
    case "LlmContextClearedEvent":
      return { summary: `${e.data.clearedMessageCount} messages cleared`, detail: null };
    case "ModelSwitched":
      return { summary: `${e.data.from} → ${e.data.to}`, detail: null };
    default:
      return { summary: e.type, detail: null };
  }
}
