/**
 * The editor's state: the agent's JSON (lib/agents/README.md) with the roster edited as one list of entries
 * and an active index. `toRequestBody` turns it back into the API's shape, and `checkDraft` validates
 * that body with AgentInput — the schema the route parses it with — before it is sent.
 */
import { AgentInput, type AgentConfig } from "@/lib/agents/agent-input.shared";
import type { AgentToolEntry } from "@/lib/agents/agent-tools.shared";
import type { AgentView } from "@/lib/agents/agent-view.shared";
import type { FallbackModelConfig, ModelConfig } from "@/lib/models/model-config.shared";
import { modelRosterKey } from "@/lib/models/providers.shared";
import { contextDrafts, contextSchemaOf, type ContextFieldDraft } from "./context-schema-draft";
import { issuesOfZod, type ApiIssue } from "./form-issues";
import { describeJsonError, jsonErrorPosition } from "./json-error-position";

export type ModelEntry = ModelConfig;
export type FallbackEntry = FallbackModelConfig;

export interface AgentFormState {
  name: string;
  description: string;
  prompt: AgentConfig["prompt"];
  entries: ModelEntry[];
  active: number;
  runLimits: AgentConfig["runLimits"];
  agentLimits: AgentConfig["agentLimits"];
  autonomy: AgentConfig["autonomy"];
  compaction: AgentConfig["compaction"];
  limitRecovery: AgentConfig["limitRecovery"];
  runtime: AgentConfig["runtime"];
  tools: AgentToolEntry[];
  /** The context schema's fields (context-schema-draft.ts). */
  contextFields: ContextFieldDraft[];
  /** Messages an empty conversation offers (sent trimmed; an empty one is reported, not dropped). */
  suggestedPrompts: string[];
  /** Attached skills by name. */
  skills: string[];
  toolMode: AgentConfig["toolMode"];
  responseFields: AgentConfig["responseFields"];
}

export function blankEntry(provider = "demo", model = provider === "demo" ? "demo" : ""): ModelEntry {
  return {
    provider: provider as ModelEntry["provider"],
    model,
    temperature: null,
    seed: null,
    maxTokens: null,
    contextLength: null,
    reasoningEffort: null,
    baseUrl: null,
    fallbackModels: [],
  };
}

export function fromConfig(config: AgentConfig | AgentView): AgentFormState {
  const entries = config.roster.length ? config.roster.map((m) => structuredClone(m)) : [structuredClone(config.model)];
  const activeKey = modelRosterKey(config.model);
  const active = Math.max(
    0,
    entries.findIndex((e) => modelRosterKey(e) === activeKey),
  );
  return {
    name: config.name,
    description: config.description,
    prompt: structuredClone(config.prompt),
    entries,
    active,
    runLimits: { ...config.runLimits },
    agentLimits: { ...config.agentLimits },
    autonomy: config.autonomy,
    compaction: structuredClone(config.compaction),
    limitRecovery: { ...config.limitRecovery },
    runtime: structuredClone(config.runtime),
    tools: structuredClone(config.tools),
    contextFields: contextDrafts(config.contextSchema),
    suggestedPrompts: [...config.suggestedPrompts],
    skills: [...config.skills],
    toolMode: config.toolMode,
    responseFields: structuredClone(config.responseFields),
  };
}

/** A single entry is a single-model agent; several are a roster with the active one as `model`. */
export function toRequestBody(s: AgentFormState): AgentInput {
  const clean = (e: ModelEntry) => (e.provider === "scripted" ? e : (({ script: _s, ...rest }) => rest)(e));
  const entries = s.entries.map(clean);
  const base = {
    name: s.name,
    description: s.description,
    prompt: s.prompt,
    runLimits: s.runLimits,
    agentLimits: s.agentLimits,
    autonomy: s.autonomy,
    compaction: s.compaction,
    limitRecovery: s.limitRecovery,
    runtime: s.runtime,
    tools: s.tools,
    contextSchema: contextSchemaOf(s.contextFields),
    suggestedPrompts: s.suggestedPrompts,
    skills: s.skills,
    toolMode: s.toolMode,
    responseFields: s.responseFields,
  };
  if (entries.length === 1) return { ...base, model: entries[0] };
  return { ...base, model: entries[Math.min(s.active, entries.length - 1)] ?? entries[0], roster: entries };
}

/**
 * The draft as the route would read it: the body after its JSON round trip (what is sent), parsed
 * with AgentInput. Either that body, ready to send, or the schema's issues with the paths and
 * messages the route would answer (form-issues.ts maps them onto the fields). Rules that need the
 * database (tools, cycles, a name already taken) are left to the server.
 */
export function checkDraft(s: AgentFormState): { ok: true; body: AgentInput } | { ok: false; issues: ApiIssue[] } {
  const body = JSON.parse(JSON.stringify(toRequestBody(s))) as AgentInput;
  const parsed = AgentInput.safeParse(body);
  const scripts = scriptIssues(s);
  if (parsed.success && !scripts.length) return { ok: true, body };
  // A script that is not JSON is reported where it breaks, in place of the schema's "expected an array".
  const mapped = scripts.map((i) => i.path.replace(/^roster\./, "entry."));
  const schema = parsed.success
    ? []
    : issuesOfZod(parsed.error).filter((i) => {
        const key = i.path.replace(/^roster\./, "entry.");
        return !mapped.some((m) => key === m || key.startsWith(`${m}.`) || samePlace(i.path, m, s));
      });
  return { ok: false, issues: [...scripts, ...schema] };
}

/** Whether a schema path of the single model ("model.script") is the script field `entry.0.script`. */
function samePlace(path: string, key: string, s: AgentFormState): boolean {
  return s.entries.length === 1 && `entry.0.${path.slice("model.".length)}` === key && path.startsWith("model.");
}

/** The scripts (typed as text while not JSON) of every entry and fallback that do not parse, with where they break. */
export function scriptIssues(s: AgentFormState): ApiIssue[] {
  const out: ApiIssue[] = [];
  const check = (script: unknown, path: string) => {
    if (typeof script !== "string") return;
    const at = jsonErrorPosition(script);
    out.push({ path, message: at ? describeJsonError(at) : "The script is a JSON list of turns" });
  };
  s.entries.forEach((e, i) => {
    check(e.script, `roster.${i}.script`);
    e.fallbackModels.forEach((f, j) => check(f.script, `roster.${i}.fallbackModels.${j}.script`));
  });
  return out;
}
