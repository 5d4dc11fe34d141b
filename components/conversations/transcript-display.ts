/**
 * How the transcript shows long things and decisions, without React: where a long text is cut
 * for "show more", whether a tool card starts open, and a denied call as the person's decision.
 */
import type { CallStatus, ToolCallView, TranscriptApproval } from "@/lib/events/transcript-types.shared";

export interface Clipped {
  /** What is shown while collapsed (the whole text when nothing is cut). */
  text: string;
  clipped: boolean;
}

/**
 * The head of a long text: at most `maxLines` lines and `maxChars` characters, cut at a line end
 * or a space when one is near, so a word is not split. Short texts are left whole.
 */
export function clipText(text: string, maxChars = 1200, maxLines = 14): Clipped {
  const lines = text.split("\n");
  let head = lines.length > maxLines ? lines.slice(0, maxLines).join("\n") : text;
  if (head.length > maxChars) {
    const cut = head.slice(0, maxChars);
    const space = Math.max(cut.lastIndexOf("\n"), cut.lastIndexOf(" "));
    head = space > maxChars * 0.8 ? cut.slice(0, space) : cut;
  }
  if (head.length >= text.length) return { text, clipped: false };
  return { text: head.trimEnd(), clipped: true };
}

/**
 * A tool card starts open while it needs the reader — running, held for a decision, failed or
 * unfinished — and collapsed once it finished well (its head still says what ran and how long).
 */
export function cardStartsOpen(status: CallStatus, denied: boolean): boolean {
  if (denied) return false;
  return status !== "ok";
}

export interface Denial {
  by: string;
  reason: string | null;
}

const DENIED_MESSAGE = /^Denied by (.+?)(?:: (.*?))?(?: \(no reason given\))?\. The call was not executed/s;

/**
 * A call a person denied (answered `ApprovalDenied`): who and why, from its approval when the run's
 * events hold it, else from the refusal's message. Null for any other outcome.
 */
export function denialOf(call: ToolCallView, approvals: readonly TranscriptApproval[]): Denial | null {
  if (call.errorType !== "ApprovalDenied") return null;
  const a = approvals.find((x) => x.toolCallId === call.toolCallId && x.decision !== null);
  if (a) return { by: a.decidedBy ?? "an approver", reason: a.reason?.trim() || null };
  const m = DENIED_MESSAGE.exec(call.errorMessage ?? "");
  if (m) return { by: m[1]!, reason: m[2]?.trim() || null };
  return { by: "an approver", reason: null };
}

/** "denied by Ada: not this customer" (or "… (no reason given)"). */
export function denialText(d: Denial): string {
  return `denied by ${d.by}${d.reason ? `: ${d.reason}` : " (no reason given)"}`;
}

/** A one-line preview of a finished call's result for its collapsed head. */
export function resultPreview(text: string | null, max = 80): string | null {
  if (text === null) return null;
  const line = text.replace(/\s+/g, " ").trim();
  if (!line) return null;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
