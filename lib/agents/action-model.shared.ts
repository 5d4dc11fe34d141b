/**
 * The action model of a structured-mode agent (README "Tool mode"): the JSON Schema of the one
 * object the model answers with on every step — the agent's shared response fields, and `action`
 * holding exactly one choice: one per tool available in the request (with that tool's exact
 * parameters schema) plus the built-in `final_answer {text}` that ends the turn. The run loop
 * asks for it and validates against it; the agent page shows it. Browser-safe (no imports but
 * the shapes).
 */
import { FINAL_ANSWER_ACTION, type ResponseField } from "./tool-mode.shared";

/** What the builder needs of a tool: what the model is told about it. */
export interface ActionTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export type JsonSchema = Record<string, unknown>;

/** The built-in action: the turn's answer. */
export const FINAL_ANSWER_PARAMETERS: JsonSchema = {
  type: "object",
  properties: { text: { type: "string", description: "The answer to the user" } },
  required: ["text"],
  additionalProperties: false,
};
export const FINAL_ANSWER_DESCRIPTION = "Answer the user and end the turn";

/** One action's choice: an object with exactly the action's name as its one key. */
function actionChoice(name: string, description: string, parameters: JsonSchema): JsonSchema {
  return {
    type: "object",
    title: name,
    description,
    properties: { [name]: parameters },
    required: [name],
    additionalProperties: false,
  };
}

/** The schema of one shared response field. */
export function responseFieldSchema(field: ResponseField): JsonSchema {
  return { type: field.type, ...(field.description ? { description: field.description } : {}) };
}

/**
 * The action model for `tools` (the tools available in this request, as offered-tools decides —
 * the caller passes only those) and the agent's shared `fields`: tools in name order, then
 * `final_answer`. Every shared field is required.
 */
export function buildActionModel(tools: readonly ActionTool[], fields: readonly ResponseField[]): JsonSchema {
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const choices = [
    ...sorted.map((t) => actionChoice(t.name, t.description, t.parameters)),
    actionChoice(FINAL_ANSWER_ACTION, FINAL_ANSWER_DESCRIPTION, FINAL_ANSWER_PARAMETERS),
  ];
  const properties: Record<string, JsonSchema> = {};
  for (const f of fields) properties[f.name] = responseFieldSchema(f);
  properties.action = {
    description: "The one action to take now: an object with exactly one key, the action's name",
    anyOf: choices,
  };
  return {
    type: "object",
    properties,
    required: [...fields.map((f) => f.name), "action"],
    additionalProperties: false,
  };
}

/** The names of the actions a schema built by buildActionModel offers, in its order. */
export function actionNames(schema: JsonSchema): string[] {
  const action = (schema.properties as Record<string, JsonSchema> | undefined)?.action;
  const choices = (action?.anyOf as JsonSchema[] | undefined) ?? [];
  return choices.flatMap((c) => Object.keys((c.properties as Record<string, unknown> | undefined) ?? {}));
}

/**
 * Response fields named like one of the agent's tools, refused on save: the tool's name is an
 * action's key, and one name must not mean two things in the object. (`final_answer` and
 * `action` are refused by the shape itself.)
 */
export function responseFieldClashes(
  fields: readonly ResponseField[],
  toolNames: readonly string[],
): Array<{ index: number; message: string }> {
  const names = new Set(toolNames);
  return fields.flatMap((f, index) =>
    names.has(f.name)
      ? [
          {
            index,
            message: `"${f.name}" is the name of one of this agent's tools; name the response field differently`,
          },
        ]
      : [],
  );
}
