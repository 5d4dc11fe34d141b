/**
 * The compaction-bounds rule — one rule, one implementation, applied at two moments: when an agent
 * is saved (against its active model) and on every switch (against the candidate roster entry,
 * before anything is committed). The auto-compaction threshold (triggerRatio × contextLength) must
 * stay below any set run-tier input or total token limit: past it the run is refused before
 * compaction can fire, and the auto-trigger would be dead code with no error anywhere. The agent
 * tier is deliberately not part of the check (lib/agents/README.md, Rules).
 */
import type { CompactionConfig } from "./compaction-config.shared";
import type { ModelConfig } from "../models/model-config.shared";
import { modelRosterKey } from "../models/providers.shared";
import type { RunLimits } from "./usage-limits.shared";

export interface CompactionBoundsViolation {
  /** The run-tier limit that the threshold reaches. */
  limit: "inputTokensLimit" | "totalTokensLimit";
  limitValue: number;
  threshold: number;
  message: string;
}

/** The auto-compaction threshold in tokens, or null when auto-compaction cannot fire. */
export function compactionThreshold(
  model: Pick<ModelConfig, "contextLength">,
  compaction: Pick<CompactionConfig, "autoTrigger" | "triggerRatio" | "strategy">,
): number | null {
  if (!compaction.autoTrigger || compaction.strategy === "none" || model.contextLength === null) return null;
  return triggerThreshold(compaction.triggerRatio, model.contextLength);
}

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

/** Every run-tier limit the model's threshold would reach or pass; [] when the bounds hold. */
export function checkCompactionBounds(
  model: Pick<ModelConfig, "provider" | "model" | "contextLength">,
  compaction: Pick<CompactionConfig, "autoTrigger" | "triggerRatio" | "strategy">,
  runLimits: Pick<RunLimits, "inputTokensLimit" | "totalTokensLimit">,
): CompactionBoundsViolation[] {
  const threshold = compactionThreshold(model, compaction);
  if (threshold === null) return [];
  const out: CompactionBoundsViolation[] = [];
  for (const limit of ["inputTokensLimit", "totalTokensLimit"] as const) {
    const limitValue = runLimits[limit];
    if (limitValue === null || threshold < limitValue) continue;
    out.push({
      limit,
      limitValue,
      threshold,
      message:
        `auto-compaction would be unreachable with '${modelRosterKey(model)}': its threshold of ${threshold} tokens ` +
        `(triggerRatio ${compaction.triggerRatio} × contextLength ${model.contextLength}) reaches the run-tier ${limit} of ${limitValue}; ` +
        `lower triggerRatio or contextLength, raise the limit, or turn autoTrigger off`,
    });
  }
  return out;
}
