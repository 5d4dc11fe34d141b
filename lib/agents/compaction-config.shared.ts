/** How an agent's history is folded when it grows (lib/agents/README.md, Rules). */
import { z } from "zod";
import { ModelConfig } from "../models/model-config.shared";

export const COMPACTION_STRATEGIES = ["summarize", "sliding_window", "none"] as const;
export const CompactionStrategy = z.enum(COMPACTION_STRATEGIES);
export type CompactionStrategy = z.infer<typeof CompactionStrategy>;

export const CompactionConfig = z
  .object({
    /** summarize (default): one summary replaces the non-system history; sliding_window keeps the tail; none never folds. */
    strategy: CompactionStrategy.default("summarize"),
    /** Usage-based auto-compaction: fires when provider-reported input tokens reach triggerRatio × contextLength. */
    autoTrigger: z.boolean().default(true),
    triggerRatio: z
      .number()
      .gt(0, "triggerRatio must be greater than 0")
      .max(1, "triggerRatio must be at most 1")
      .default(0.85),
    /** Trailing messages kept verbatim — sliding_window only (summarize ignores it). */
    keepRecentMessages: z
      .number()
      .int("keepRecentMessages must be a whole number")
      .min(0, "keepRecentMessages must be at least 0")
      .default(4),
    /** Token budget the summarizer aims for. */
    summaryTargetTokens: z
      .number()
      .int("summaryTargetTokens must be a whole number")
      .positive("summaryTargetTokens must be greater than 0")
      .default(2000),
    /** Selects the summarizer instructions; recorded on every compaction event. */
    summarizerPromptVersion: z
      .string()
      .trim()
      .min(1, "Name a summarizer prompt version (e.g. v1)")
      .max(100)
      .default("v1"),
    /** A pinned summarizer model; null = the summarizer follows the active model across switches. */
    summaryModel: ModelConfig.nullable().default(null),
  })
  .strict();
export type CompactionConfig = z.infer<typeof CompactionConfig>;
