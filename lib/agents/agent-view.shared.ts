/**
 * The agent as the API answers it (lib/agents/README.md): the normalised configuration — `model`
 * the active config, `roster` the declared list ([] for a single-model agent) — plus its id, tools,
 * switch history, version and timestamps (ISO strings). Browser-safe: the agents contract answers
 * with it and the editor reads it. Built by read-agent.ts from the Agent row (agent-wide state) and
 * one AgentVersion (the versioned configuration).
 */
import { z } from "zod";
import { AgentToolEntry } from "./agent-tools.shared";
import { Autonomy } from "./autonomy.shared";
import { CompactionConfig } from "./compaction-config.shared";
import { ContextSchema } from "./context-schema.shared";
import { LimitRecovery } from "./limit-recovery.shared";
import { PromptConfig } from "./prompt-config.shared";
import { RuntimeConfig } from "./runtime-config.shared";
import { SuggestedPrompts } from "./suggested-prompts.shared";
import { ResponseFields, ToolMode } from "./tool-mode.shared";
import { AgentLimits, RunLimits } from "./usage-limits.shared";
import { ModelConfig } from "../models/model-config.shared";

/** One recorded switch of the active model (newest last; the last 50 are kept). */
export const ModelSwitchRecord = z
  .object({
    /** Roster keys (`provider:model`). */
    from: z.string(),
    to: z.string(),
    at: z.iso.datetime(),
    /** The name of who switched; null when no one signed in did. */
    by: z.string().nullable(),
  })
  .strict();
export type ModelSwitchRecord = z.infer<typeof ModelSwitchRecord>;

export const AgentView = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    prompt: PromptConfig,
    /** The active model config. */
    model: ModelConfig,
    /** The declared roster, active entry included; [] for a single-model agent. */
    roster: z.array(ModelConfig),
    runLimits: RunLimits,
    agentLimits: AgentLimits,
    autonomy: Autonomy,
    compaction: CompactionConfig,
    limitRecovery: LimitRecovery,
    runtime: RuntimeConfig,
    /** In the agent's order; a saved tool names the version it is pinned to (or follows the latest). */
    tools: z.array(AgentToolEntry),
    /** The fields a conversation of this version is started with (`{fields: []}`: none). */
    contextSchema: ContextSchema,
    /** Messages an empty conversation offers with one click ([]: none). */
    suggestedPrompts: SuggestedPrompts,
    /** Attached skills by name ([]: none). */
    skills: z.array(z.string()),
    toolMode: ToolMode,
    responseFields: ResponseFields,
    /** The version this configuration is (the latest, unless a version was asked for). */
    version: z.number().int().positive(),
    modelSwitches: z.array(ModelSwitchRecord),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .strict();
export type AgentView = z.infer<typeof AgentView>;
