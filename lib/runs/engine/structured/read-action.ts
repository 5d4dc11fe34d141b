/**
 * Reading a structured-mode response (lib/agents/README.md, "Tool mode"): the model's text is one
 * JSON object holding the agent's shared response fields and `action` with exactly one key. What
 * the object says is checked here — JSON, the shared fields and their types, the one action, and
 * `final_answer`'s text; a tool action's arguments (and whether the tool exists or is offered) are
 * checked by the loop exactly as a native call's are (step-calls.ts `checkCall`).
 */
import { FINAL_ANSWER_ACTION, type ResponseField } from "../../../agents/tool-mode.shared";
import { unfenced } from "../../../events/structured-message.shared";

export type ReadAction =
  | {
      ok: true;
      /** The shared response fields, as the model gave them. */
      fields: Record<string, unknown>;
      action: string;
      /** The action's arguments (for `final_answer`: `{text}`). */
      args: Record<string, unknown>;
    }
  | { ok: false; problem: string };

function typeProblem(field: ResponseField, value: unknown): string | null {
  switch (field.type) {
    case "string":
      return typeof value === "string" ? null : "a string";
    case "boolean":
      return typeof value === "boolean" ? null : "true or false";
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : "a number";
    case "integer":
      return typeof value === "number" && Number.isInteger(value) ? null : "an integer";
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

export function readAction(text: string, fields: readonly ResponseField[]): ReadAction {
  const body = unfenced(text);
  if (!body) return { ok: false, problem: "the response was empty" };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (err) {
    return { ok: false, problem: `the response is not valid JSON (${(err as Error).message})` };
  }
  if (!isObject(value)) return { ok: false, problem: "the response is not a JSON object" };
  const problems: string[] = [];
  const shared: Record<string, unknown> = {};
  for (const f of fields) {
    if (!(f.name in value)) {
      problems.push(`"${f.name}" is missing`);
      continue;
    }
    const wrong = typeProblem(f, value[f.name]);
    if (wrong) problems.push(`"${f.name}" must be ${wrong}`);
    else shared[f.name] = value[f.name];
  }
  const known = new Set([...fields.map((f) => f.name), "action"]);
  for (const key of Object.keys(value))
    if (!known.has(key)) problems.push(`"${key}" is not a field of the response (put the action inside "action")`);
  const action = value.action;
  let name: string | null = null;
  let args: Record<string, unknown> = {};
  if (!("action" in value)) problems.push(`"action" is missing`);
  else if (!isObject(action) || Object.keys(action).length !== 1)
    problems.push(`"action" must be an object with exactly one key, the action's name`);
  else {
    name = Object.keys(action)[0]!;
    const given = action[name];
    if (given !== undefined && given !== null && !isObject(given))
      problems.push(`the arguments of "${name}" must be a JSON object`);
    else args = (given as Record<string, unknown> | null | undefined) ?? {};
    if (name === FINAL_ANSWER_ACTION && typeof args.text !== "string")
      problems.push(`"${FINAL_ANSWER_ACTION}" needs "text", the answer as a string`);
  }
  if (problems.length || name === null) return { ok: false, problem: problems.join("; ") };
  return { ok: true, fields: shared, action: name, args };
}

/** The answer a stored structured response gives, when it is a `final_answer` (else null). */
export { finalAnswerOf } from "../../../events/structured-message.shared";
