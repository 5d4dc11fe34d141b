/** The system message a run sends: its rendered prompt parts joined, or none when there are none. */
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import type { RenderedPromptPart } from "../../agents/prompt-template";

/** The system message a run sends for these rendered parts (none when there are no parts). */
export function systemMessages(parts: readonly RenderedPromptPart[]): LanguageModelV3Prompt {
  return parts.length ? [{ role: "system", content: parts.map((p) => p.content).join("\n\n") }] : [];
}
