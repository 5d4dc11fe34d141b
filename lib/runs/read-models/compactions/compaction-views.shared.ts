/**
 * The compaction routes' shapes (browser-safe: zod only): a context as the model will read it
 * ("what the model sees next"), one fold (compaction or clear) in the compaction browser, and a
 * fold's detail with the messages it replaced. Built by lib/runs/engine/compaction (next-context.ts,
 * browser.ts, views.ts).
 */
import { z } from "zod";
import { CompactionStrategy } from "../../../agents/compaction-config.shared";
import { MessagePart, MessageRole, RunKind, RunStatus, SystemPromptPart } from "../../../events/event-types.shared";

const Count = z.number().int().nonnegative();
const IsoDateTime = z.iso.datetime();

/** One message of a context, as the model reads it. */
export const ContextMessageView = z.strictObject({
  role: MessageRole,
  parts: z.array(MessagePart),
  /** True for the message that stands for a compaction's summary (or a window's marker). */
  summary: z.boolean(),
});
export type ContextMessageView = z.infer<typeof ContextMessageView>;

/** "What the model sees next": the context the next request of the conversation carries. */
export const NextContextView = z.strictObject({
  conversationId: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  /** The active model (`provider:model`) and its context window (null: auto-compaction off). */
  model: z.string(),
  contextLength: Count.nullable(),
  /** The system prompt as it would be rendered now, part by part. */
  system: z.array(SystemPromptPart),
  /** The summary in effect (the context's first message), with the fold that wrote it. */
  summary: z
    .strictObject({
      text: z.string(),
      strategyId: z.string(),
      seq: Count,
      createdAt: IsoDateTime,
      degraded: z.boolean(),
    })
    .nullable(),
  /** The messages after the summary (all of them when no summary is in effect), verbatim. */
  messages: z.array(ContextMessageView),
  /** The tools advertised with the request (their definitions count in the estimate). */
  tools: z.array(z.string()),
  /** Estimated input of the next request without the next user message (no tokenizer: an estimate). */
  estimatedTokens: Count,
  /** The provider-reported input of the last request (null: none since the last fold). */
  lastInputTokens: Count.nullable(),
  /** `triggerRatio × contextLength`, or null when auto-compaction cannot fire. */
  threshold: z.number().nonnegative().nullable(),
  /** True when the next run folds the context at its head, before its first request. */
  compactsNextRun: z.boolean(),
  compaction: z.strictObject({
    strategy: CompactionStrategy,
    autoTrigger: z.boolean(),
    triggerRatio: z.number(),
    keepRecentMessages: Count,
    summaryTargetTokens: Count,
    /** The registered version the summarizer would use (an unknown configured one falls back to v1). */
    summarizerPromptVersion: z.string(),
    summarizerModel: z.string(),
  }),
});
export type NextContextView = z.infer<typeof NextContextView>;

/** The strategies the compaction browser filters by: a compaction's strategy, or `clear`. */
export const BROWSER_STRATEGIES = ["summarize", "sliding_window", "clear"] as const;
export const BrowserStrategy = z.enum(BROWSER_STRATEGIES);
export type BrowserStrategy = z.infer<typeof BrowserStrategy>;

const isoDate = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: "must be an ISO date or date-time" })
  .transform((s) => new Date(s));

/** The compaction browser's filters (`GET /api/compactions`); `from` and `to` are parsed to dates. */
export const CompactionsQuery = z
  .object({
    agentId: z.string().trim().min(1).optional(),
    conversationId: z.string().trim().min(1).optional(),
    strategy: BrowserStrategy.optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] });
export type CompactionsQuery = z.infer<typeof CompactionsQuery>;

/** One compaction or clear, as the compaction browser lists it. */
export const CompactionSummary = z.strictObject({
  /** `{conversationId}-{seq}`. */
  id: z.string(),
  conversationId: z.string(),
  conversationTitle: z.string().nullable(),
  agentId: z.string(),
  agentName: z.string(),
  seq: Count,
  kind: z.enum(["compacted", "cleared"]),
  /** `summarize`, `sliding_window`, or `clear` for a clear. */
  strategyId: z.string(),
  summary: z.string().nullable(),
  /** True when `summarize` degraded to a truncation marker (the summarizer failed). */
  degraded: z.boolean(),
  /** Messages replaced (compaction) or removed (clear). */
  messagesFolded: Count,
  tokensBefore: Count.nullable(),
  tokensAfter: Count.nullable(),
  summarizerPromptVersion: z.string().nullable(),
  /** The run at whose head it happened; null for a manual compaction or a clear. */
  runId: z.string().nullable(),
  trigger: z.enum(["auto", "manual"]),
  createdAt: IsoDateTime,
  /** The summarizer request's usage, when one was answered. */
  summarizer: z
    .strictObject({
      /** `provider:model` of the entry that answered. */
      model: z.string(),
      inputTokens: Count,
      outputTokens: Count,
      /** Integer nano-USD. */
      costNanoUsd: Count,
      priced: z.boolean(),
    })
    .nullable(),
});
export type CompactionSummary = z.infer<typeof CompactionSummary>;

export const CompactionDetail = CompactionSummary.extend({
  /** The messages the fold replaced (or removed), from the log. */
  replaced: z.array(ContextMessageView),
  /** The messages it kept verbatim behind its marker (sliding_window). */
  kept: z.array(ContextMessageView),
  /** The run at whose head it happened. */
  run: z.strictObject({ id: z.string(), kind: RunKind, status: RunStatus }).nullable(),
});
export type CompactionDetail = z.infer<typeof CompactionDetail>;
