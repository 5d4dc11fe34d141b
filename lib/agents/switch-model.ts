/**
 * Switching an agent's active model to a roster entry (lib/agents/README.md,
 * Switching). Every fallible step — resolving the key, building the entry with its whole fallback
 * chain, re-checking the compaction bounds — runs before anything is returned, so a refusal
 * changes nothing. The entry is installed wholesale (its temperature, maxTokens, contextLength and
 * fallbackModels replace the active model's); switching to the active key is not short-circuited.
 * The caller persists the returned config; runs read the agent at their start, so the switch takes
 * effect from the next run.
 */
import type { AgentConfig } from "./agent-input.shared";
import { checkCompactionBounds } from "./check-compaction-bounds.shared";
import type { ModelConfig } from "../models/model-config.shared";
import { modelRosterKey } from "../models/providers.shared";
import { ModelSwitchError, NO_ROSTER_MESSAGE } from "./model-switch-error";

export interface SwitchModelDeps {
  /** Builds the entry and its fallback chain (the model factory); throws when it cannot. */
  build(entry: ModelConfig): unknown | Promise<unknown>;
}

export type SwitchableConfig = Pick<AgentConfig, "model" | "roster" | "compaction" | "runLimits">;

export interface SwitchResult<C extends SwitchableConfig> {
  config: C;
  from: string;
  to: string;
  entry: ModelConfig;
}

export async function switchModel<C extends SwitchableConfig>(
  config: C,
  key: string,
  deps: SwitchModelDeps,
): Promise<SwitchResult<C>> {
  const available = config.roster.map(modelRosterKey);
  if (config.roster.length === 0) throw new ModelSwitchError("no_roster", key, NO_ROSTER_MESSAGE, []);
  const entry = config.roster.find((m) => modelRosterKey(m) === key);
  if (!entry) {
    throw new ModelSwitchError(
      "unknown_key",
      key,
      `cannot switch to '${key}': available keys: ${available.join(", ")}`,
      available,
    );
  }
  try {
    await deps.build(entry);
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    throw new ModelSwitchError("build_failed", key, `cannot switch to '${key}': ${text}`, available, { cause: err });
  }
  const violations = checkCompactionBounds(entry, config.compaction, config.runLimits);
  if (violations.length > 0) {
    throw new ModelSwitchError(
      "compaction_unreachable",
      key,
      `cannot switch to '${key}': ${violations.map((v) => v.message).join("; ")}`,
      available,
    );
  }
  return { config: { ...config, model: entry }, from: modelRosterKey(config.model), to: key, entry };
}
