/**
 * How the compaction routes build their shapes (lib/runs/read-models/compactions/compaction-views.shared.ts): a message
 * of a context as the model reads it, and the compaction browser's ids of folds.
 */
import type { LanguageModelV3Message } from "@ai-sdk/provider";
import type { ContextMessageView } from "./compaction-views.shared";
import type { MessagePart } from "../../../events/event-types";
import { SUMMARY_PREFIX } from "../../engine/context-fold";

export type {
  CompactionDetail,
  CompactionSummary,
  ContextMessageView,
  NextContextView,
} from "./compaction-views.shared";

/** The compaction browser's id of a fold. */
export function compactionId(conversationId: string, seq: number): string {
  return `${conversationId}-${seq}`;
}

export function parseCompactionId(id: string): { conversationId: string; seq: number } | null {
  const m = /^(.+)-(\d+)$/.exec(id);
  return m ? { conversationId: m[1]!, seq: Number(m[2]) } : null;
}

export function messageView(m: LanguageModelV3Message, summary = false): ContextMessageView {
  if (m.role === "system") return { role: "user", parts: [{ type: "text", text: m.content }], summary };
  const parts: MessagePart[] = [];
  for (const p of m.content) {
    if (p.type === "text") parts.push({ type: "text", text: p.text });
    else if (p.type === "tool-call")
      parts.push({ type: "tool-call", toolCallId: p.toolCallId, toolName: p.toolName, input: p.input });
    else if (p.type === "tool-result")
      parts.push({ type: "tool-result", toolCallId: p.toolCallId, toolName: p.toolName, output: p.output });
  }
  return { role: m.role, parts, summary };
}

/** True when a message is a fold's summary message (the text the fold writes). */
export function isSummaryMessage(m: LanguageModelV3Message): boolean {
  if (m.role !== "user" || m.content.length !== 1) return false;
  const p = m.content[0]!;
  return p.type === "text" && p.text.startsWith(`${SUMMARY_PREFIX}\n`);
}
