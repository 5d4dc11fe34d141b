/** The tool-name rule: `^[a-zA-Z0-9_-]{1,64}$` (what OpenAI and Anthropic both accept). */
import { reprString } from "./repr";

export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export function isValidToolName(name: string): boolean {
  return TOOL_NAME_PATTERN.test(name);
}

export function invalidToolNameMessage(name: string): string {
  return (
    `tool name ${reprString(name)} is invalid: a tool name must match ^[a-zA-Z0-9_-]{1,64}$ ` +
    `(letters, digits, '_' and '-', 1 to 64 characters); rename the function or pass name:`
  );
}

export const MISSING_TOOL_NAME_MESSAGE =
  "tool has no name: give the function a name (async function forecast(…) { … }) or pass name: in the options";
