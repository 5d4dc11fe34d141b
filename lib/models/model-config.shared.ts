/**
 * One model's configuration and the fallback-chain rules: the chain is flat, and every entry
 * agrees with the primary on native structured output. Agents compose these (lib/agents); the
 * provider list, the roster key grammar and the native-output rule live in providers.shared.ts.
 * See lib/models/README.md.
 */
import { z } from "zod";
import { modelRosterKey, Provider, supportsNativeOutput } from "./providers.shared";

export const ReasoningEffort = z.enum(["low", "medium", "high"]);
export type ReasoningEffort = z.infer<typeof ReasoningEffort>;

/** One turn of the `scripted` model: a text answer, or tool calls with their arguments. */
export const ScriptedTurn = z.union([
  z.object({ text: z.string() }).strict(),
  z
    .object({
      toolCalls: z
        .array(z.object({ toolName: z.string().min(1), args: z.record(z.string(), z.unknown()).default({}) }).strict())
        .min(1, "A tool-call turn needs at least one call"),
    })
    .strict(),
]);
export type ScriptedTurn = z.infer<typeof ScriptedTurn>;

const nullableInt = (min: number, label: string) =>
  z
    .number()
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .nullable()
    .default(null);

/** Fields every model config has (a fallback entry has exactly these). */
const modelFields = {
  provider: Provider.default("openai"),
  model: z.string().trim().min(1, "Name the model (e.g. gpt-4o)").max(200).default("gpt-5.2"),
  /** 0.0–2.0; null = the provider's default. */
  temperature: z
    .number()
    .min(0, "temperature must be between 0 and 2")
    .max(2, "temperature must be between 0 and 2")
    .nullable()
    .default(null),
  /** Reproducible outputs (not every provider honours it). */
  seed: z.number().int("seed must be a whole number").nullable().default(null),
  /** Max response tokens; null = the provider's maximum. */
  maxTokens: nullableInt(1, "maxTokens"),
  /** The context window; the budget that auto-triggers compaction. null = compaction off. */
  contextLength: nullableInt(1, "contextLength"),
  /** For reasoning (o1/o3-style) models only. */
  reasoningEffort: ReasoningEffort.nullable().default(null),
  /** Endpoint of an `openai-compatible` server (Ollama, vLLM, LM Studio). */
  baseUrl: z.string().trim().url("baseUrl must be a URL (e.g. http://127.0.0.1:11434/v1)").nullable().default(null),
  /** The turns a `scripted` model replays, in order. */
  script: z.array(ScriptedTurn).optional(),
};

const FallbackEntryShape = z.object({
  ...modelFields,
  /** Present only so the "flat chain" rule can name it; an entry may not declare its own chain. */
  fallbackModels: z.array(z.unknown()).optional(),
});

const ModelConfigShape = z.object({
  ...modelFields,
  /** Tried in declaration order after this model on API failure. */
  fallbackModels: z.array(FallbackEntryShape).default([]),
});

export type FallbackModelConfig = Omit<z.output<typeof FallbackEntryShape>, "fallbackModels">;

/** A model config as stored and returned: its fallback entries never carry a chain of their own. */
export interface ModelConfig extends FallbackModelConfig {
  fallbackModels: FallbackModelConfig[];
}
export type ModelConfigInput = z.input<typeof ModelConfigShape>;

type Issue = { path: (string | number)[]; message: string };

/** Per-entry rules that do not depend on other entries. */
function entryIssues(cfg: z.output<typeof FallbackEntryShape>): Issue[] {
  const issues: Issue[] = [];
  if (cfg.baseUrl !== null && cfg.provider !== "openai-compatible") {
    issues.push({
      path: ["baseUrl"],
      message: `baseUrl is only used by the openai-compatible provider, not by '${cfg.provider}'`,
    });
  }
  if (cfg.provider === "scripted" && (!cfg.script || cfg.script.length === 0)) {
    issues.push({ path: ["script"], message: "A scripted model needs at least one turn in script" });
  }
  if (cfg.script !== undefined && cfg.provider !== "scripted") {
    issues.push({
      path: ["script"],
      message: `script is only used by the scripted provider, not by '${cfg.provider}'`,
    });
  }
  return issues;
}

/** The fallback-chain rules: flat, and homogeneous with the primary on native structured output. */
export function fallbackChainIssues(cfg: z.output<typeof ModelConfigShape>): Issue[] {
  const issues: Issue[] = [];
  const primaryNative = supportsNativeOutput(cfg);
  cfg.fallbackModels.forEach((entry, i) => {
    const key = modelRosterKey(entry);
    if (entry.fallbackModels && entry.fallbackModels.length > 0) {
      issues.push({
        path: ["fallbackModels", i, "fallbackModels"],
        message: `fallback model '${key}' declares its own fallbackModels: a fallback chain is flat`,
      });
    }
    if (supportsNativeOutput(entry) !== primaryNative) {
      issues.push({
        path: ["fallbackModels", i],
        message: `fallback model '${key}' ${primaryNative ? "has no" : "has"} native structured output but the primary '${modelRosterKey(cfg)}' ${primaryNative ? "does" : "does not"}: every fallback entry must agree with the primary`,
      });
    }
    for (const issue of entryIssues(entry)) issues.push({ ...issue, path: ["fallbackModels", i, ...issue.path] });
  });
  return issues;
}

function stripEntry(entry: z.output<typeof FallbackEntryShape>): FallbackModelConfig {
  const { fallbackModels: _ignored, script, ...rest } = entry;
  return script === undefined ? rest : { ...rest, script };
}

/** A model config with the fallback-chain rules; the output's fallback entries carry no chain. */
export const ModelConfig = ModelConfigShape.superRefine((cfg, ctx) => {
  for (const issue of [...entryIssues(cfg), ...fallbackChainIssues(cfg)]) {
    ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  }
}).transform((cfg): ModelConfig => {
  const { script, fallbackModels, ...rest } = cfg;
  return { ...rest, ...(script === undefined ? {} : { script }), fallbackModels: fallbackModels.map(stripEntry) };
});

/** The offline demo model every demo agent uses. */
export const DEMO_MODEL: ModelConfig = ModelConfig.parse({ provider: "demo", model: "demo" });
