/**
 * The summarizer's instructions, by version. An agent names one in
 * `compaction.summarizerPromptVersion`; every compaction event records the version whose text was
 * actually sent, so a summary can always be traced to its instructions. A version this registry does
 * not know falls back to the built-in `v1` (and `v1` is what gets recorded). Versions are
 * immutable once shipped: a changed instruction is a new version.
 */

export interface SummarizerPrompt {
  version: string;
  /** The system prompt of the summarizer request. */
  system(targetTokens: number): string;
  /** The user message that follows the transcript and asks for the summary. */
  instruction(targetTokens: number): string;
}

export const DEFAULT_SUMMARIZER_PROMPT_VERSION = "v1";

const v1: SummarizerPrompt = {
  version: "v1",
  system: (target) =>
    [
      "You summarize a conversation between a user and an AI assistant so that the assistant can continue it without the original messages.",
      "Keep: the user's goals and open requests, decisions made, facts and figures established (including tool results the answer depends on), names, identifiers and constraints the user stated, and what remains to be done.",
      "Drop: greetings, repetition, and the wording of tool calls that led nowhere.",
      `Write plain prose or short bullet points, in the conversation's language, in at most about ${target} tokens. Do not address the user; do not invent anything.`,
    ].join("\n"),
  instruction: (target) =>
    `Summarize the conversation above for the assistant's own memory, in at most about ${target} tokens. Answer with the summary only.`,
};

const REGISTRY: ReadonlyMap<string, SummarizerPrompt> = new Map([[v1.version, v1]]);

/** Every registered version, oldest first. */
export function summarizerPromptVersions(): string[] {
  return [...REGISTRY.keys()];
}

/** The prompt registered under `version`, or `v1` when the version is unknown. */
export function summarizerPrompt(version: string | null | undefined): SummarizerPrompt {
  return (version ? REGISTRY.get(version.trim()) : undefined) ?? v1;
}
