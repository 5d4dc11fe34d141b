/**
 * When a conversation's context is folded on its own: at the head of a run, once, when the input
 * the provider reported for the conversation's previous request reached `triggerRatio ×
 * contextLength` of the agent's active model. No tokenizer is involved — the provider's count is
 * the measure. A model without `contextLength`, `autoTrigger: false` or the `none` strategy never
 * triggers, and neither does a context with no reported request since its last fold.
 */
import { compactionThreshold, triggerThreshold } from "../../../agents/check-compaction-bounds.shared";
import type { CompactionConfig } from "../../../agents/compaction-config.shared";
import type { ModelConfig } from "../../../models/model-config.shared";

export interface TriggerDecision {
  /** True when the run head folds the context. */
  due: boolean;
  /** The threshold in tokens; null when auto-compaction cannot fire for this model and policy. */
  threshold: number | null;
  /** The provider-reported input of the previous request (null: none since the last fold). */
  lastInputTokens: number | null;
}

export function decideTrigger(
  compaction: Pick<CompactionConfig, "autoTrigger" | "strategy" | "triggerRatio">,
  model: Pick<ModelConfig, "contextLength">,
  lastInputTokens: number | null,
): TriggerDecision {
  // The same threshold the agent form checks on save (one rule, lib/agents).
  const threshold = compactionThreshold(model, compaction);
  const due = threshold !== null && lastInputTokens !== null && lastInputTokens >= threshold;
  return { due, threshold, lastInputTokens };
}

export { triggerThreshold };
