/**
 * A token estimate of a request without a tokenizer: the same measure the offline demo model
 * reports (a quarter of the characters of the prompt's text, plus the advertised tool definitions),
 * so for the demo model the estimate is the count it will report. For real providers it is an
 * estimate — which is why the trigger itself never uses it, only provider-reported counts.
 */
import type { LanguageModelV3Message, LanguageModelV3Prompt } from "@ai-sdk/provider";
import type { RenderedPromptPart } from "../../../agents/prompt-template";
import { estimateTokens } from "../../../models/estimate-tokens";
import { promptText } from "../../../models/model-output";
import { functionTools } from "../model-request";
import type { RunTool } from "../run-tool";
import { systemMessages } from "../system-messages";

export function estimateRequestTokens(
  system: readonly RenderedPromptPart[],
  messages: readonly LanguageModelV3Message[],
  tools: readonly RunTool[] = [],
): number {
  const prompt: LanguageModelV3Prompt = [...systemMessages(system), ...messages];
  const text = estimateTokens(promptText(prompt));
  return tools.length ? text + estimateTokens(JSON.stringify(functionTools(tools))) : text;
}
