/** A tool outcome as the model reads it: text for strings, JSON otherwise, `Type: message` for errors. */
import type { LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import type { ToolOutcome } from "./run-tool";

export function toolResultOutput(outcome: ToolOutcome): LanguageModelV3ToolResultOutput {
  if (!outcome.ok) return { type: "error-text", value: `${outcome.error.type}: ${outcome.error.message}` };
  const r = outcome.result;
  if (typeof r === "string") return { type: "text", value: r };
  return { type: "json", value: (r === undefined ? null : r) as never };
}
