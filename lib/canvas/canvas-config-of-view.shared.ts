/**
 * An agent's configuration as the agent form saves it when nothing was edited (the graph's
 * `configs`): the AgentView without its read-only fields, a single-model agent as `model` alone, a
 * roster as `roster` with the active entry as `model`, and a model's `script` only for the
 * scripted provider — what components/agents/agent-form-state.ts sends. Saving it unchanged creates
 * no version. Browser-safe.
 */
import type { AgentInput } from "../agents/agent-input.shared";
import type { AgentView } from "../agents/agent-view.shared";
import type { ModelConfig } from "../models/model-config.shared";

function withoutForeignScript(entry: ModelConfig): ModelConfig {
  if (entry.provider === "scripted" || !("script" in entry)) return structuredClone(entry);
  const { script: _script, ...rest } = entry;
  return structuredClone(rest) as ModelConfig;
}

export function configOfView(view: AgentView): AgentInput {
  const base = {
    name: view.name,
    description: view.description,
    prompt: structuredClone(view.prompt),
    runLimits: { ...view.runLimits },
    agentLimits: { ...view.agentLimits },
    autonomy: view.autonomy,
    compaction: structuredClone(view.compaction),
    limitRecovery: { ...view.limitRecovery },
    runtime: structuredClone(view.runtime),
    tools: structuredClone(view.tools),
    contextSchema: structuredClone(view.contextSchema),
    suggestedPrompts: [...view.suggestedPrompts],
    skills: [...view.skills],
    toolMode: view.toolMode,
    responseFields: structuredClone(view.responseFields),
  };
  if (view.roster.length === 0) return { ...base, model: withoutForeignScript(view.model) };
  return { ...base, model: withoutForeignScript(view.model), roster: view.roster.map(withoutForeignScript) };
}
