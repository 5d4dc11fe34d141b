/**
 * The server's side of the agent's shape: what is stored in Agent.config, and the event a switch
 * inside a conversation records. The shape the API answers is AgentView (agent-view.shared.ts).
 */
import type { AgentConfig } from "./agent-input.shared";
import type { ModelSwitchRecord } from "./agent-view.shared";

export type { AgentView, ModelSwitchRecord } from "./agent-view.shared";

/** What a conversation's event log records when a switch happens inside it (lib/runs/README.md, Events). */
export interface ModelSwitchedPayload {
  agentId: string;
  from: string;
  to: string;
  /** Runs started after this event use the new model; the run in flight keeps its own. */
  effectiveFrom: "next_run";
}

/**
 * What goes into Agent.config: the agent-wide state outside versions — the lifetime limits, the
 * active model (a roster version runs it when its roster has it) and the switch history. Each
 * version's configuration is an AgentVersion row (agent-version-config.shared.ts).
 */
export interface AgentWideState {
  agentLimits: AgentConfig["agentLimits"];
  model: AgentConfig["model"];
  modelSwitches?: ModelSwitchRecord[];
}

export const MAX_SWITCH_RECORDS = 50;
