/**
 * When a conversation's context is folded on its own: at the head of a run, once, when the input
 * the provider reported for the conversation's previous request reached `triggerRatio ×
 * contextLength` of the agent's active model. No tokenizer is involved — the provider's count is
 * the measure. A model without `contextLength`, `autoTrigger: false` or the `none` strategy never
 * triggers, and neither does a context with no reported request since its last fold.
 */
import type { CompactionConfig } from "../../agents/compaction-config";
import type { ModelConfig } from "../../models/model-config";

/**
 * The smallest whole number of tokens that reaches `ratio × contextLength`, computed exactly: the
 * ratio is read as the decimal it was written as (0.7 is 7/10, not 0.69999…), so a request of
 * exactly 70 tokens reaches 0.7 × 100 and one of 69 does not.
 */
export function triggerThreshold(ratio: number, contextLength: number): number {
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(String(ratio));
  if (!m || !Number.isSafeInteger(contextLength)) return Math.ceil(ratio * contextLength);
  const digits = BigInt(m[1]! + (m[2] ?? ""));
  const exponent = Number(m[3] ?? 0) - (m[2]?.length ?? 0);
  const [p, q] = exponent >= 0 ? [digits * 10n ** BigInt(exponent), 1n] : [digits, 10n ** BigInt(-exponent)];
  const product = p * BigInt(contextLength);
  return Number((product + q - 1n) / q);
}

export interface TriggerDecision {
  /** True when the run head folds the context. */
  due: boolean;
  /** The threshold in tokens; null when auto-compaction cannot fire for this model and policy. */
  threshold: number | null;
  /** The provider-reported input of the previous request (null: none since the last fold). */
  lastInputTokens: number | null;
}

export function autoCompactionThreshold(
  compaction: Pick<CompactionConfig, "autoTrigger" | "strategy" | "triggerRatio">,
  model: Pick<ModelConfig, "contextLength">,
): number | null {
  if (!compaction.autoTrigger || compaction.strategy === "none" || model.contextLength === null) return null;
  return triggerThreshold(compaction.triggerRatio, model.contextLength);
}

export function decideTrigger(
  compaction: Pick<CompactionConfig, "autoTrigger" | "strategy" | "triggerRatio">,
  model: Pick<ModelConfig, "contextLength">,
  lastInputTokens: number | null,
): TriggerDecision {
  const threshold = autoCompactionThreshold(compaction, model);
  const due = threshold !== null && lastInputTokens !== null && lastInputTokens >= threshold;
  return { due, threshold, lastInputTokens };
}
