/**
 * The agent as the API returns it (lib/agents/README.md): the normalised configuration — `model` the active
 * config, `roster` the declared list ([] for a single-model agent) — plus its id, tools, switch
 * history and timestamps. Stored as Agent.config (JSON) + AgentTool rows.
 */
import type { AgentConfig } from "./agent-input";
import type { AgentToolEntry } from "./agent-tools";

/** One recorded switch of the active model (newest last; the last 50 are kept). */
export interface ModelSwitchRecord {
  from: string;
  to: string;
  at: string;
  by: string | null;
}

/** What a conversation's event log records when a switch happens inside it (lib/runs/README.md, Events). */
export interface ModelSwitchedPayload {
  agentId: string;
  from: string;
  to: string;
  /** Runs started after this event use the new model; the run in flight keeps its own. */
  effectiveFrom: "next_run";
}

export type AgentToolView = AgentToolEntry & { toolVersionId?: string };

export interface AgentView extends Omit<AgentConfig, "tools"> {
  id: string;
  tools: AgentToolView[];
  modelSwitches: ModelSwitchRecord[];
  createdAt: string;
  updatedAt: string;
}

/** What goes into Agent.config (name and tools live in their own columns and rows). */
export type StoredAgentConfig = Omit<AgentConfig, "name" | "tools"> & { modelSwitches?: ModelSwitchRecord[] };

export const MAX_SWITCH_RECORDS = 50;
