/**
 * What each strategy folds, as pure functions over the context's messages (the summarizer call
 * itself is summarizer.ts):
 *
 * - `summarize` replaces the whole history with one summary (no verbatim tail: the compacted
 *   context is the system prompt and the summary). When the summarizer fails, the same messages
 *   are replaced by a truncation marker instead and the run goes on.
 * - `sliding_window` keeps the last `keepRecentMessages` messages verbatim behind a marker that
 *   says how many were dropped; no model call. The cut never separates a tool call from its
 *   results (pairSafeCut), so it may keep fewer messages than asked, never more.
 * - `none` never folds on its own (a manual compaction names another strategy).
 */
import type { LanguageModelV3Message } from "@ai-sdk/provider";
import { toolResultText } from "../../../models/model-output";
import { pairSafeCut } from "../context-fold";

export type FoldingStrategy = "summarize" | "sliding_window";

/** The summary text that marks a window fold. */
export function windowMarker(dropped: number): string {
  return `[${dropped} earlier message${dropped === 1 ? " was" : "s were"} dropped to keep the context within its window; the most recent messages follow verbatim.]`;
}

/** The prefix of the summary text recorded when the summarizer failed (summarize degraded to truncation). */
export const TRUNCATION_MARKER_PREFIX = "[Summary unavailable:";

export function truncationMarker(dropped: number, reason: string): string {
  const why = reason.replace(/\s+/g, " ").trim().slice(0, 300) || "no answer";
  return `${TRUNCATION_MARKER_PREFIX} the ${dropped} earlier message${dropped === 1 ? " was" : "s were"} truncated because the summarizer failed (${why}). Ask the user to restate anything still needed.]`;
}

/** True for a summary that is a truncation marker (the summarizer failed). */
export function isTruncationMarker(summary: string): boolean {
  return summary.startsWith(TRUNCATION_MARKER_PREFIX);
}

/** How many leading messages a window fold replaces: 0 means there is nothing to drop. */
export function windowCut(messages: readonly LanguageModelV3Message[], keepRecentMessages: number): number {
  return pairSafeCut(messages, messages.length - Math.max(0, keepRecentMessages));
}

type TextPart = { type: "text"; text: string };

function json(value: unknown): string {
  try {
    return typeof value === "string" ? value : JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/**
 * The history as the summarizer reads it: text only, roles kept (tool calls and their results
 * are written into the assistant's turn), consecutive turns of one role merged — so the request is
 * valid for every provider without advertising any tool.
 */
export function summarizerTranscript(messages: readonly LanguageModelV3Message[]): LanguageModelV3Message[] {
  const out: Array<{ role: "user" | "assistant"; content: TextPart[] }> = [];
  const push = (role: "user" | "assistant", text: string) => {
    if (!text.trim()) return;
    const last = out[out.length - 1];
    if (last && last.role === role) last.content.push({ type: "text", text });
    else out.push({ role, content: [{ type: "text", text }] });
  };
  for (const m of messages) {
    if (m.role === "system") continue;
    for (const p of m.content) {
      if (p.type === "text") push(m.role === "user" ? "user" : "assistant", p.text);
      else if (p.type === "tool-call") push("assistant", `[called ${p.toolName} ${json(p.input)}]`);
      else if (p.type === "tool-result") {
        const failed = p.output.type === "error-text" || p.output.type === "error-json";
        push("assistant", `[${p.toolName} ${failed ? "failed" : "returned"}: ${toolResultText(p.output)}]`);
      }
    }
  }
  return out;
}
