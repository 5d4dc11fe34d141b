/**
 * The actions a structured-mode agent's model chooses from (lib/agents/README.md, "Tool mode"),
 * for the agent page: each tool of a version exactly as its runs offer it — name, description,
 * parameters schema — and whether an availability condition may withhold it in a conversation.
 * The page builds the action model from these with the run loop's own builder
 * (lib/agents/action-model.shared.ts) and the draft's response fields.
 */
import { prepareAgent, noChildRun } from "../engine/prepare-agent";
import type { RunDeps } from "../engine/ports";

export interface AgentAction {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** The tool has an availability condition: a conversation may not offer it. */
  conditional: boolean;
}

export async function agentActions(
  deps: RunDeps,
  agentId: string,
  version?: number,
): Promise<{ version: number; actions: AgentAction[] }> {
  const record = await deps.agents.load(agentId, version !== undefined ? { version } : undefined);
  const agent = prepareAgent(record, deps, noChildRun);
  return {
    version: record.version,
    actions: agent.tools.map((t) => ({
      name: t.name,
      description: t.description,
      parameters: t.parameters,
      conditional: !!t.availableWhen,
    })),
  };
}
