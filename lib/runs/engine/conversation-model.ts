/**
 * A conversation's own model (lib/runs/use-cases/switch-conversation-model.ts): the roster key it switched
 * to, stored on the conversation (`Conversation.modelKey`), replaces the agent's active model for
 * that conversation's runs. Pure: the agent loader applies it when it loads the agent for one
 * conversation; the conversation's detail shows the result.
 *
 * A choice that no longer fits the agent — the entry left the roster, or the agent's compaction
 * settings now refuse it — falls back to the agent's active model rather than failing the run.
 */
import type { AgentConfig } from "../../agents/agent-input.shared";
import { checkCompactionBounds } from "../../agents/check-compaction-bounds.shared";
import type { ModelConfig } from "../../models/model-config.shared";
import { modelRosterKey } from "../../models/providers.shared";

type ModelChoiceConfig = Pick<AgentConfig, "model" | "roster" | "compaction" | "runLimits">;

/** The model a conversation's runs use: its own choice (`modelKey`) when it still fits, else the agent's. */
export function conversationModel(config: ModelChoiceConfig, modelKey: string | null): ModelConfig {
  if (!modelKey || modelKey === modelRosterKey(config.model)) return config.model;
  const entry = config.roster.find((m) => modelRosterKey(m) === modelKey);
  if (!entry || checkCompactionBounds(entry, config.compaction, config.runLimits).length > 0) return config.model;
  return entry;
}

/** The agent's configuration as one conversation runs it. */
export function withConversationModel<C extends ModelChoiceConfig>(config: C, modelKey: string | null): C {
  const model = conversationModel(config, modelKey);
  return model === config.model ? config : { ...config, model };
}
