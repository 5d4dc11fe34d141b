/**
 * The agent's configuration — one zod source for the API route and the editor (lib/agents/README.md has the
 * contract: field names, the one-config-or-a-list `model` field, `roster` in responses). Parsing
 * applies every rule that needs no database: the roster rules, the fallback-chain rules, the
 * compaction bounds (against the active model), and the prompt's parameters. Tool rules that need
 * the database (definition errors, cycles) are checked by `saveAgent`.
 *
 * Browser-safe (zod and other shared modules only): it is the body schema of the agents contract
 * (lib/api/contracts/agents.shared.ts), and the editor parses its draft with it before saving.
 */
import { z } from "zod";
import { Autonomy } from "./autonomy.shared";
import { AgentToolEntry } from "./agent-tools.shared";
import { checkCompactionBounds } from "./check-compaction-bounds.shared";
import { CompactionConfig } from "./compaction-config.shared";
import { ContextSchema } from "./context-schema.shared";
import { LimitRecovery } from "./limit-recovery.shared";
import { ModelConfig } from "../models/model-config.shared";
import { normalizeModelRoster, rosterIssues } from "./model-roster.shared";
import { missingPromptParams, PromptConfig } from "./prompt-config.shared";
import { RuntimeConfig } from "./runtime-config.shared";
import { SuggestedPrompts } from "./suggested-prompts.shared";
import { ResponseFields, ToolMode } from "./tool-mode.shared";
import { AgentSkills } from "../skills/skill-name.shared";
import { AgentLimits, RunLimits } from "./usage-limits.shared";

/**
 * `model`: one config or a list. Dispatched on the input's shape (not a zod union) so that every
 * issue keeps the path of the field to fix ("model.1.temperature").
 */
function oneConfigOrList() {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): ModelConfig | ModelConfig[] => {
      const r = Array.isArray(value) ? z.array(ModelConfig).safeParse(value) : ModelConfig.safeParse(value ?? {});
      if (r.success) return r.data;
      // Re-raised as they are (code included); zod prefixes the paths with "model".
      for (const issue of r.error.issues)
        ctx.addIssue({ ...(issue as Parameters<typeof ctx.addIssue>[0] & object), path: issue.path });
      return z.NEVER;
    });
}

/** Agents are callable as tools, so their names follow the tool-name grammar. */
export const AGENT_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export const AgentInputShape = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "Name the agent")
      .regex(
        AGENT_NAME_PATTERN,
        "Use 1–64 letters, digits, _ or - (an agent can be called as a tool, so its name is a tool name)",
      ),
    /** What the agent does; also its description when another agent calls it as a tool. */
    description: z.string().trim().max(2000).default(""),
    prompt: PromptConfig.prefault({}),
    model: oneConfigOrList(),
    roster: z.array(ModelConfig).optional(),
    runLimits: RunLimits.prefault({}),
    agentLimits: AgentLimits.prefault({}),
    autonomy: Autonomy.default("auto"),
    compaction: CompactionConfig.prefault({}),
    limitRecovery: LimitRecovery.prefault({}),
    runtime: RuntimeConfig.prefault({}),
    tools: z.array(AgentToolEntry).max(128).default([]),
    /** The fields a conversation is started with (README "Conversation context"). */
    contextSchema: ContextSchema.prefault({}),
    /** Messages offered with one click in an empty conversation (README "Suggested prompts"). */
    suggestedPrompts: SuggestedPrompts.default([]),
    /** Skills attached by name (lib/skills): the model sees their listing and loads them with load_skill. */
    skills: AgentSkills.default([]),
    /** native: provider tool calls; structured: one JSON object per step with an action (README "Tool mode"). */
    toolMode: ToolMode.default("native"),
    /** The fields every structured-mode response holds beside its action (e.g. reasoning). */
    responseFields: ResponseFields.default([]),
    // Read-only fields of a response, accepted (and ignored) so a GET answer can be PUT back.
    id: z.unknown().optional(),
    createdAt: z.unknown().optional(),
    updatedAt: z.unknown().optional(),
    modelSwitches: z.unknown().optional(),
    version: z.unknown().optional(),
  })
  .strict();

/** Issues that need the whole object; paths point at the field to fix. */
function crossFieldIssues(
  input: z.output<typeof AgentInputShape>,
): Array<{ path: (string | number)[]; message: string }> {
  const issues = rosterIssues(input.model, input.roster);
  if (issues.length === 0) {
    const { model } = normalizeModelRoster(input.model, input.roster);
    for (const v of checkCompactionBounds(model, input.compaction, input.runLimits)) {
      issues.push({ path: ["runLimits", v.limit], message: v.message });
    }
  }
  const missing = missingPromptParams(input.prompt);
  if (missing.length) {
    issues.push({
      path: ["prompt", "params"],
      message: `the template uses ${missing.map((m) => `{${m}}`).join(", ")} but params has no value for ${missing.length === 1 ? "it" : "them"}`,
    });
  }
  return issues;
}

function normalize(input: z.output<typeof AgentInputShape>) {
  const { model, roster } = normalizeModelRoster(input.model, input.roster);
  return {
    name: input.name,
    description: input.description,
    prompt: input.prompt,
    model,
    roster,
    runLimits: input.runLimits,
    agentLimits: input.agentLimits,
    autonomy: input.autonomy,
    compaction: input.compaction,
    limitRecovery: input.limitRecovery,
    runtime: input.runtime,
    tools: input.tools,
    contextSchema: input.contextSchema,
    suggestedPrompts: input.suggestedPrompts,
    skills: input.skills,
    toolMode: input.toolMode,
    responseFields: input.responseFields,
  };
}

export const AgentInput = AgentInputShape.superRefine((input, ctx) => {
  for (const issue of crossFieldIssues(input))
    ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
}).transform(normalize);

/** What a client sends (POST/PUT /api/agents). */
export type AgentInput = z.input<typeof AgentInput>;
/** The normalised configuration: `model` is the active config, `roster` the declared list. */
export type AgentConfig = z.output<typeof AgentInput>;

/** The defaults for a new agent, on the offline demo model. */
export function defaultAgentConfig(name = ""): AgentConfig {
  return { ...AgentInput.parse({ name: "new_agent", model: { provider: "demo", model: "demo" } }), name };
}
