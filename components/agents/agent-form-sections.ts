/**
 * The agent form's sections, in page order, and where a field's problem sends the user: each
 * section is found by its heading's id, and a field key (form-issues.ts) belongs to the section of
 * its first part. No React: the section navigation and the issues summary read these.
 */

export interface FormSection {
  /** The id of the section's heading (the section is its `<section>`). */
  headingId: string;
  label: string;
}

export const FORM_SECTIONS: readonly FormSection[] = [
  { headingId: "general-h", label: "Basics" },
  { headingId: "prompt-h", label: "System prompt" },
  { headingId: "suggested-h", label: "Suggested prompts" },
  { headingId: "context-h", label: "Conversation context" },
  { headingId: "models-h", label: "Models" },
  { headingId: "tools-h", label: "Tools" },
  { headingId: "toolmode-h", label: "Tool mode" },
  { headingId: "skills-h", label: "Skills" },
  { headingId: "limits-h", label: "Usage limits" },
  { headingId: "behaviour-h", label: "Autonomy" },
  { headingId: "compaction-h", label: "Compaction" },
  { headingId: "runtime-h", label: "Runtime" },
];

const SECTION_OF: Record<string, string> = {
  "": "general-h",
  name: "general-h",
  description: "general-h",
  prompt: "prompt-h",
  suggestedPrompts: "suggested-h",
  contextSchema: "context-h",
  entry: "models-h",
  roster: "models-h",
  model: "models-h",
  tools: "tools-h",
  toolMode: "toolmode-h",
  responseFields: "toolmode-h",
  skills: "skills-h",
  runLimits: "limits-h",
  agentLimits: "limits-h",
  autonomy: "behaviour-h",
  limitRecovery: "behaviour-h",
  compaction: "compaction-h",
  runtime: "runtime-h",
};

/** The heading id of the section a field key is in. */
export function sectionOf(key: string): string {
  return SECTION_OF[key.split(".")[0]] ?? "general-h";
}

/** Items (of field keys) in the order their sections come on the page; within a section, as given. */
export function inPageOrder<T extends { key: string }>(items: readonly T[]): T[] {
  const index = (key: string) => FORM_SECTIONS.findIndex((s) => s.headingId === sectionOf(key));
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => index(a.item.key) - index(b.item.key) || a.i - b.i)
    .map(({ item }) => item);
}

const WORDS: Record<string, string> = {
  name: "Name",
  description: "Description",
  "prompt.template": "Prompt template",
  "prompt.params": "Prompt parameters",
  autonomy: "Autonomy",
  "limitRecovery.reason": "Conclusion prompt",
  tools: "Tools",
  toolMode: "Tool mode",
  responseFields: "Response fields",
  contextSchema: "Conversation context",
  suggestedPrompts: "Suggested prompts",
  runLimits: "Usage limits per run",
  "runLimits.requestLimit": "Requests per run",
  "runLimits.toolCallsLimit": "Tool calls per run",
  "runLimits.inputTokensLimit": "Input tokens per run",
  "runLimits.outputTokensLimit": "Output tokens per run",
  "runLimits.totalTokensLimit": "Total tokens per run",
  agentLimits: "Lifetime limits",
  "agentLimits.agentRequestLimit": "Runs over the agent's lifetime",
  "agentLimits.inputTokensLimit": "Input tokens, lifetime",
  "agentLimits.outputTokensLimit": "Output tokens, lifetime",
  "agentLimits.totalTokensLimit": "Total tokens, lifetime",
  compaction: "Compaction",
  "compaction.triggerRatio": "Trigger ratio",
  "compaction.keepRecentMessages": "Keep recent messages",
  "compaction.summaryTargetTokens": "Summary target tokens",
  "compaction.summarizerPromptVersion": "Summarizer prompt version",
  "runtime.retries": "Retries",
  "runtime.http.timeout": "HTTP timeout",
  "runtime.http.maxRetries": "HTTP retries",
  "runtime.http.backoffMultiplier": "Backoff multiplier",
  "runtime.http.backoffMax": "Backoff cap",
};

const camelWords = (s: string) => s.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

/** A field key as a person reads it in the summary: "Model 2 (openai:gpt-4o) · temperature", "Suggested prompt 3". */
export function describeFieldKey(key: string, entries: ReadonlyArray<{ provider: string; model: string }>): string {
  if (key in WORDS) return WORDS[key];
  const parts = key.split(".");
  const n = (i: number) => Number(parts[i]) + 1;
  if (parts[0] === "entry") {
    const e = entries[Number(parts[1])];
    const rest = parts.slice(2);
    const fb = rest[0] === "fallbackModels" && rest[1] !== undefined ? ` · fallback ${Number(rest[1]) + 1}` : "";
    const field = fb ? rest.slice(2) : rest;
    return `Model ${n(1)}${e ? ` (${e.provider}:${e.model || "no name"})` : ""}${fb}${field.length ? ` · ${camelWords(field.join(" "))}` : ""}`;
  }
  if (parts[0] === "suggestedPrompts" && parts[1]) return `Suggested prompt ${n(1)}`;
  if (parts[0] === "tools" && parts[1]) return `Tool ${n(1)}${parts[2] ? ` · ${parts[2]}` : ""}`;
  if (parts[0] === "responseFields" && parts[1]) return `Response field ${n(1)}${parts[2] ? ` · ${parts[2]}` : ""}`;
  if (parts[0] === "contextSchema" && parts[2]) return `Context field ${n(2)}${parts[3] ? ` · ${parts[3]}` : ""}`;
  if (parts[0] === "") return "The agent";
  return parts.map(camelWords).join(" · ");
}
