/**
 * Structured-mode requests as the offline models see them (lib/agents/README.md, "Tool mode"): a
 * request with no tools whose JSON response format is an action model — shared fields, and
 * `action` with one choice per action. The scripted and demo models answer such a request with
 * one action object as text, so a structured-mode agent runs offline.
 */
import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";

export interface StructuredAction {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface StructuredRequest {
  fields: Array<{ name: string; type: string }>;
  actions: StructuredAction[];
}

export const FINAL_ANSWER = "final_answer";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

/** The action model this request asks for, or null when it is not a structured-mode request. */
export function structuredRequestOf(options: LanguageModelV3CallOptions): StructuredRequest | null {
  const format = options.responseFormat;
  if (format?.type !== "json" || !isObj(format.schema)) return null;
  const props = format.schema.properties;
  if (!isObj(props) || !isObj(props.action) || !Array.isArray(props.action.anyOf)) return null;
  const actions: StructuredAction[] = [];
  for (const choice of props.action.anyOf) {
    if (!isObj(choice) || !isObj(choice.properties)) continue;
    for (const [name, parameters] of Object.entries(choice.properties))
      actions.push({
        name,
        description: typeof choice.description === "string" ? choice.description : "",
        parameters: isObj(parameters) ? parameters : {},
      });
  }
  const fields = Object.entries(props)
    .filter(([name]) => name !== "action")
    .map(([name, schema]) => ({
      name,
      type: isObj(schema) && typeof schema.type === "string" ? schema.type : "string",
    }));
  return { fields, actions };
}

/** Shared fields filled for an offline answer: strings get `note`, numbers 0, booleans false. */
export function filledFields(request: StructuredRequest, note: string): Obj {
  const out: Obj = {};
  for (const f of request.fields)
    out[f.name] = f.type === "number" || f.type === "integer" ? 0 : f.type === "boolean" ? false : note;
  return out;
}

/** One action object as the model's text. */
export function actionText(request: StructuredRequest, note: string, action: string, args: Obj): string {
  return JSON.stringify({ ...filledFields(request, note), action: { [action]: args } });
}
