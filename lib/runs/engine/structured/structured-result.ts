/**
 * A structured action's result as the model reads it: a user message's text (the model was
 * offered no tools, so a tool-result part would answer a call it never made). Written by
 * stages/healing.ts `answerEvents` for every call whose id marks it structured — a step's result,
 * an approval's decision, healing, a superseded or interrupted run alike.
 */
import type { LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import { toolResultText } from "../../../models/model-output";

export { isStructuredCallId, STRUCTURED_CALL_PREFIX } from "../../../events/structured-message.shared";

const FAILED = new Set(["error-text", "error-json", "execution-denied"]);

export function structuredResultText(answer: {
  output: LanguageModelV3ToolResultOutput;
  ret: { toolName: string; success: boolean; errorType?: string };
}): string {
  const text = toolResultText(answer.output as { type: string; value?: unknown; reason?: string });
  const failed = !answer.ret.success || FAILED.has(answer.output.type);
  return failed
    ? `Action ${answer.ret.toolName} failed${answer.ret.errorType ? ` (${answer.ret.errorType})` : ""}: ${text}`
    : `Result of action ${answer.ret.toolName}: ${text}`;
}
