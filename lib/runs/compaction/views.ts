/**
 * The shapes the compaction routes answer with (components import them type-only): a context as
 * the model will read it, one fold in the compaction browser, and a fold's detail.
 */
import type { LanguageModelV3Message } from "@ai-sdk/provider";
import { SUMMARY_PREFIX } from "../context-fold";

export type ContextPartView =
  | { type: "text"; text: string }
  | { type: "tool-call"; toolCallId: string; toolName: string; input: unknown }
  | { type: "tool-result"; toolCallId: string; toolName: string; output: unknown };

export interface ContextMessageView {
  role: "user" | "assistant" | "tool";
  parts: ContextPartView[];
  /** True for the message that stands for a compaction's summary (or a window's marker). */
  summary: boolean;
}

/** "What the model sees next": the context the next request of the conversation carries. */
export interface NextContextView {
  conversationId: string;
  agentId: string;
  agentName: string;
  /** The active model (`provider:model`) and its context window (null: auto-compaction off). */
  model: string;
  contextLength: number | null;
  /** The system prompt as it would be rendered now, part by part. */
  system: Array<{ dynamicRef: string | null; content: string }>;
  /** The summary in effect (the context's first message), with the fold that wrote it. */
  summary: {
    text: string;
    strategyId: string;
    seq: number;
    createdAt: string;
    degraded: boolean;
  } | null;
  /** The messages after the summary (all of them when no summary is in effect), verbatim. */
  messages: ContextMessageView[];
  /** The tools advertised with the request (their definitions count in the estimate). */
  tools: string[];
  /** Estimated input of the next request without the next user message (no tokenizer: an estimate). */
  estimatedTokens: number;
  /** The provider-reported input of the last request (null: none since the last fold). */
  lastInputTokens: number | null;
  /** `triggerRatio × contextLength`, or null when auto-compaction cannot fire. */
  threshold: number | null;
  /** True when the next run folds the context at its head, before its first request. */
  compactsNextRun: boolean;
  compaction: {
    strategy: string;
    autoTrigger: boolean;
    triggerRatio: number;
    keepRecentMessages: number;
    summaryTargetTokens: number;
    /** The registered version the summarizer would use (an unknown configured one falls back to v1). */
    summarizerPromptVersion: string;
    summarizerModel: string;
  };
}

/** One compaction or clear, as the compaction browser lists it. */
export interface CompactionSummary {
  /** `{conversationId}-{seq}`. */
  id: string;
  conversationId: string;
  conversationTitle: string | null;
  agentId: string;
  agentName: string;
  seq: number;
  kind: "compacted" | "cleared";
  /** `summarize`, `sliding_window`, or `clear` for a clear. */
  strategyId: string;
  summary: string | null;
  /** True when `summarize` degraded to a truncation marker (the summarizer failed). */
  degraded: boolean;
  /** Messages replaced (compaction) or removed (clear). */
  messagesFolded: number;
  tokensBefore: number | null;
  tokensAfter: number | null;
  summarizerPromptVersion: string | null;
  /** The run at whose head it happened; null for a manual compaction or a clear. */
  runId: string | null;
  trigger: "auto" | "manual";
  createdAt: string;
  /** The summarizer request's usage, when one was answered. */
  summarizer: {
    model: string;
    inputTokens: number;
    outputTokens: number;
    costNanoUsd: number;
    priced: boolean;
  } | null;
}

export interface CompactionDetail extends CompactionSummary {
  /** The messages the fold replaced (or removed), from the log. */
  replaced: ContextMessageView[];
  /** The messages it kept verbatim behind its marker (sliding_window). */
  kept: ContextMessageView[];
  run: { id: string; kind: string; status: string } | null;
}

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
  const parts: ContextPartView[] = [];
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
