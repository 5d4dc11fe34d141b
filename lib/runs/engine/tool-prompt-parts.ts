/**
 * A tool's prompt part (lib/runs/README.md, "The four channels of a tool"): the `prompt` option of
 * each offered tool, rendered with the tool-side templates (`{{context.x}}`, `{{context.x | "…"}}`,
 * plain `{{connections.name.field}}`) for this conversation, appended after the agent's own parts
 * in the agent's tool order, each recorded as `dynamicRef: "tool:<name>"`. The rendered text is
 * final: the agent's prompt grammar (`{context.x}`, `{param}`) never reads it again. A tool that is
 * not offered (its availability does not hold) adds nothing; a part that renders blank is left out.
 */
import type { RenderedPromptPart } from "../../agents/prompt-template";
import { renderSystemPrompt } from "../../agents/prompt-template";
import type { PromptConfig } from "../../agents/prompt-config.shared";
import { renderToolTemplate } from "../../tools/description-template.shared";
import { plainConnectionValues, type RunEnvironment } from "./run-environment";
import type { RunTool } from "./run-tool";

export const TOOL_PROMPT_REF = "tool:";

/** The prompt parts of the offered tools, rendered for the run's environment. */
export function toolPromptParts(offered: readonly RunTool[], env: RunEnvironment): RenderedPromptPart[] {
  const withPrompt = offered.filter((t) => t.prompt);
  if (!withPrompt.length) return [];
  const values = { context: env.context, connections: plainConnectionValues(env) };
  const parts: RenderedPromptPart[] = [];
  for (const tool of withPrompt) {
    const content = renderToolTemplate(tool.prompt!, values).text.trim();
    if (content) parts.push({ dynamicRef: `${TOOL_PROMPT_REF}${tool.name}`, content });
  }
  return parts;
}

/** Every part of a run's system prompt: the agent's (prompt-template.ts), then its offered tools'. */
export function runSystemParts(
  prompt: PromptConfig,
  offered: readonly RunTool[],
  env: RunEnvironment,
  now: Date,
): RenderedPromptPart[] {
  return [...renderSystemPrompt(prompt, now, env.context), ...toolPromptParts(offered, env)];
}
