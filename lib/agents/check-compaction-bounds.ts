/**
 * The compaction-bounds rule — one rule, one implementation, applied at two moments: when an agent
 * is saved (against its active model) and on every switch (against the candidate roster entry,
 * before anything is committed). The auto-compaction threshold (triggerRatio × contextLength) must
 * stay below any set run-tier input or total token limit: past it the run is refused before
 * compaction can fire, and the auto-trigger would be dead code with no error anywhere. The agent
 * tier is deliberately not part of the check (lib/agents/README.md, Rules).
 */
import type { CompactionConfig } from "./compaction-config";
import type { ModelConfig } from "../models/model-config";
import { modelRosterKey } from "../models/providers.shared";
import type { RunLimits } from "./usage-limits";

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
  return Math.floor(compaction.triggerRatio * model.contextLength);
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
