/**
 * Where a conversation stands, from its runs (browser-safe): one rule for the list's status column,
 * its filter and the page's heading. A run executing wins over one waiting for approval; otherwise
 * the last turn decides (child runs are their caller's business: a child's failure is a tool error
 * its caller answered).
 */
import type { RunKind, RunStatus } from "../../../events/event-types.shared";
import type { ConversationStatus } from "./conversation-views.shared";

export interface StatusRun {
  status: RunStatus;
  kind: RunKind | string;
}

/** `runs` newest first. */
export function conversationStatusOf(runs: readonly StatusRun[]): ConversationStatus {
  if (runs.length === 0) return "new";
  if (runs.some((r) => r.status === "running")) return "running";
  if (runs.some((r) => r.status === "suspended")) return "waiting";
  const last = runs.find((r) => r.kind !== "child");
  return last && (last.status === "failed" || last.status === "interrupted") ? "failed" : "done";
}

/** The words the studio shows for a status (never the colour alone). */
export const CONVERSATION_STATUS_LABEL: Record<ConversationStatus, string> = {
  new: "new",
  running: "running",
  waiting: "waiting for approval",
  failed: "failed",
  done: "done",
};
