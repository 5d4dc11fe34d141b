/**
 * An agent version's configuration (README "Versions"): everything an author saves except the name
 * and the lifetime limits, which are agent-wide, and the active model, which is agent state
 * (switching it creates no version). A single-model agent's version holds its `model`; a roster
 * agent's version holds the roster, and the agent's active model picks from it. Browser-safe: the
 * version routes answer it and the diff view reads it.
 */
import { z } from "zod";
import type { AgentConfig } from "./agent-input.shared";
import { AgentToolEntry } from "./agent-tools.shared";
import { Autonomy } from "./autonomy.shared";
import { CompactionConfig } from "./compaction-config.shared";
import { ContextSchema } from "./context-schema.shared";
import { LimitRecovery } from "./limit-recovery.shared";
import { PromptConfig } from "./prompt-config.shared";
import { RuntimeConfig } from "./runtime-config.shared";
import { SuggestedPrompts } from "./suggested-prompts.shared";
import { ResponseFields, ToolMode } from "./tool-mode.shared";
import { RunLimits } from "./usage-limits.shared";
import { ModelConfig } from "../models/model-config.shared";
import { modelRosterKey } from "../models/providers.shared";

export const VersionConfig = z.object({
  description: z.string(),
  prompt: PromptConfig,
  /** A single-model agent's model (absent for a roster agent). */
  model: ModelConfig.optional(),
  /** The declared roster; [] for a single-model agent. */
  roster: z.array(ModelConfig),
  runLimits: RunLimits,
  autonomy: Autonomy,
  compaction: CompactionConfig,
  limitRecovery: LimitRecovery,
  runtime: RuntimeConfig,
  tools: z.array(AgentToolEntry),
  /** The conversation context's fields; absent in a version saved before it (read as `{fields: []}`). */
  contextSchema: ContextSchema.optional(),
  /** The prompts an empty conversation offers; absent in a version saved before them (read as []). */
  suggestedPrompts: SuggestedPrompts.optional(),
  /** Attached skills; absent in a version saved before them (read as []). */
  skills: z.array(z.string()).optional(),
  /** absent in a version saved before it (read as "native"). */
  toolMode: ToolMode.optional(),
  /** absent in a version saved before them (read as []). */
  responseFields: ResponseFields.optional(),
  /** The names the model saw for `tools` at save (so a version can name a tool deleted since). */
  toolNames: z.array(z.string()).optional(),
});
export type VersionConfig = z.infer<typeof VersionConfig>;

/** The versioned part of a parsed configuration, with its tools as resolved on save. */
export function versionConfigOf(
  config: AgentConfig,
  tools: AgentToolEntry[] = config.tools,
  toolNames?: string[],
): VersionConfig {
  const { name: _n, agentLimits: _l, model, roster, tools: _t, ...rest } = config;
  return { ...rest, ...(roster.length ? {} : { model }), roster, tools, ...(toolNames ? { toolNames } : {}) };
}

/**
 * The model a version runs with: a single-model version's own; for a roster, the agent's active
 * model when the roster has it, else the roster's first entry.
 */
export function activeModelOf(
  version: Pick<VersionConfig, "model" | "roster">,
  active: ModelConfig | null,
): ModelConfig {
  if (!version.roster.length) {
    if (!version.model) throw new Error("A version without a roster holds its model");
    return version.model;
  }
  const key = active ? modelRosterKey(active) : null;
  return version.roster.find((e) => modelRosterKey(e) === key) ?? version.roster[0];
}
