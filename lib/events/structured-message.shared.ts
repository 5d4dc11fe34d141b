/**
 * How a structured-mode step reads in the log (docs/conversations-api.md; lib/agents/README.md,
 * "Tool mode"): the assistant's text is one JSON object — shared response fields and `action`
 * with exactly one key — the call it makes has an id starting `action_`, its result is a user
 * message's text, and a malformed object is answered with a repair message. The engine writes
 * these (lib/runs/engine/structured/); the transcript and the run's answer read them back here.
 */

/** A structured action's call id starts so (its result is a user message's text, not a tool result). */
export const STRUCTURED_CALL_PREFIX = "action_";
export const isStructuredCallId = (id: string) => id.startsWith(STRUCTURED_CALL_PREFIX);

/** The built-in action that ends the turn with its `text`. */
export const FINAL_ANSWER = "final_answer";

/** How the repair message after a malformed object begins. */
export const REPAIR_PREFIX = "Your last response was not a valid action object:";

export interface StructuredMessage {
  fields: Record<string, unknown>;
  action: string;
  args: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** The text between a Markdown code fence, when the whole answer is one fenced block. */
export function unfenced(text: string): string {
  const m = /^\s*```[a-zA-Z]*\s*\n([\s\S]*?)\n?```\s*$/.exec(text);
  return (m ? m[1]! : text).trim();
}

/** The step an assistant text is, when it is a well-formed action object (else null). */
export function structuredMessageOf(text: string): StructuredMessage | null {
  const body = unfenced(text);
  if (!body.startsWith("{")) return null;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.action) || Object.keys(value.action).length !== 1) return null;
  const action = Object.keys(value.action)[0]!;
  const args = value.action[action];
  if (args !== undefined && args !== null && !isObject(args)) return null;
  const { action: _, ...fields } = value;
  return { fields, action, args: (args as Record<string, unknown> | null | undefined) ?? {} };
}

/** The answer a `final_answer` object gives (else null). */
export function finalAnswerOf(text: string): string | null {
  const m = structuredMessageOf(text);
  return m && m.action === FINAL_ANSWER && typeof m.args.text === "string" ? m.args.text : null;
}

/** A structured result message's text as `{ok, text}`: what the action returned, or why it failed. */
export function structuredResultOf(toolName: string, text: string): { ok: boolean; text: string } {
  const ok = `Result of action ${toolName}: `;
  if (text.startsWith(ok)) return { ok: true, text: text.slice(ok.length) };
  const failed = new RegExp(`^Action ${toolName.replace(/[^\w-]/g, "")} failed(?: \\([^)]*\\))?: `).exec(text);
  return failed ? { ok: false, text: text.slice(failed[0].length) } : { ok: true, text };
}
