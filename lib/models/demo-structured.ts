/**
 * The offline demo model in structured mode (structured-request.ts): it answers with one action
 * object as text. On a user message it picks the action whose name and description best match
 * the words (as it picks a tool natively) and fills its arguments from the message; on the result
 * of its last action (the user message after an action that was not `final_answer`) it answers
 * with `final_answer` quoting the result; with no matching action it answers as it does natively.
 * Shared string fields say what it did; numbers are 0 and booleans false.
 */
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { fillArguments } from "./demo-arguments";
import { chooseTool } from "./demo-tool-choice";
import { actionText, FINAL_ANSWER, type StructuredRequest } from "./structured-request";

type Message = LanguageModelV3Prompt[number];

function textOf(m: Message | undefined): string {
  if (!m || m.role === "system") return typeof m?.content === "string" ? m.content : "";
  return m.content
    .map((p) => (p.type === "text" ? p.text : ""))
    .join(" ")
    .trim();
}

/** The action the assistant message named, or null when it is not an action object. */
function actionOf(m: Message | undefined): string | null {
  if (!m || m.role !== "assistant") return null;
  try {
    const value = JSON.parse(textOf(m)) as { action?: Record<string, unknown> };
    const keys = value && typeof value.action === "object" && value.action ? Object.keys(value.action) : [];
    return keys.length === 1 ? keys[0]! : null;
  } catch {
    return null;
  }
}

export function decideDemoStructured(prompt: LanguageModelV3Prompt, request: StructuredRequest, label: string): string {
  const last = prompt[prompt.length - 1];
  const previous = prompt[prompt.length - 2];
  const message = last?.role === "user" ? textOf(last) : "";
  const acted = actionOf(previous);
  if (acted && acted !== FINAL_ANSWER)
    return actionText(request, `${label} reporting the result of ${acted}`, FINAL_ANSWER, {
      text: `${label} ${message}`,
    });
  const tools = request.actions
    .filter((a) => a.name !== FINAL_ANSWER)
    .map((a) => ({ name: a.name, description: a.description, inputSchema: a.parameters }));
  const best = chooseTool(tools, message);
  if (best) {
    const args = fillArguments(best.tool.inputSchema as Record<string, unknown>, message);
    const why = `${label} chose ${best.tool.name}: the message mentions ${best.matched.join(", ")}`;
    return actionText(request, why, best.tool.name, args);
  }
  const text = tools.length
    ? `${label} I am a rule-based demo model, so I only choose an action when your message mentions what it does. My actions: ${tools.map((t) => t.name).join(", ")}. You said: "${message}"`
    : `${label} You said: "${message}". Configure a real model provider to get real answers.`;
  return actionText(request, `${label} no action matches the message`, FINAL_ANSWER, { text });
}
