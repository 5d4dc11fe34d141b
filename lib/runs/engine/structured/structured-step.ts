/**
 * Structured mode in the run loop (lib/agents/README.md, "Tool mode"): the model is offered no
 * tools; the system prompt gains the action model (its JSON Schema, built for the tools available
 * in this run) and the request asks for JSON with it where the provider supports that. Each answer
 * is read here into one step: a tool action becomes an ordinary call with a generated id (checked,
 * gated, approved, dispatched and recorded exactly as a native call), `final_answer` ends the
 * turn with its text, and a malformed object gets a repair message — more than the agent's
 * `runtime.retries` of them in one run end it with StructuredResponseError.
 */
import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { buildActionModel, type JsonSchema } from "../../../agents/action-model.shared";
import { FINAL_ANSWER_ACTION, type ResponseField, type ToolMode } from "../../../agents/tool-mode.shared";
import type { RenderedPromptPart } from "../../../agents/prompt-template";
import type { MessagePart } from "../../../events/event-types";
import { BrandedError } from "../../../errors";
import type { ModelToolCall } from "../model-request";
import type { RunTool } from "../run-tool";
import { readAction } from "./read-action";
import { STRUCTURED_CALL_PREFIX } from "./structured-result";
import { REPAIR_PREFIX } from "../../../events/structured-message.shared";

/** The system prompt part that carries the action model (recorded with the agent's parts). */
export const STRUCTURED_PROMPT_REF = "structured:actions";

export class StructuredResponseError extends BrandedError {
  static override readonly kind: string = "StructuredResponseError";
  constructor(
    readonly maxRetries: number,
    readonly problem: string,
  ) {
    super(
      `The model answered ${maxRetries + 1} times without a valid action object (retries: ${maxRetries}); the last problem: ${problem}`,
    );
    this.name = "StructuredResponseError";
  }
}

export interface StructuredMode {
  fields: readonly ResponseField[];
  schema: JsonSchema;
  promptPart: RenderedPromptPart;
  responseFormat: NonNullable<LanguageModelV3CallOptions["responseFormat"]>;
  /** Malformed answers so far in this run. */
  malformed: number;
}

/** The instruction the model gets in structured mode, with the schema it must follow. */
export function structuredInstruction(schema: JsonSchema, fields: readonly ResponseField[]): string {
  const shared = fields.length
    ? ` Fill in every shared field (${fields.map((f) => `"${f.name}"`).join(", ")}) on every response.`
    : "";
  return [
    "You act by answering with exactly one JSON object and nothing else — no prose, no Markdown.",
    `The object names one action in "action": an object whose only key is the action's name and whose value is that action's arguments. Call a tool by naming it; its result comes back in the next message. When you are done, answer the user with {"action": {"${FINAL_ANSWER_ACTION}": {"text": "..."}}}.${shared}`,
    "The object's JSON Schema:",
    JSON.stringify(schema, null, 2),
  ].join("\n\n");
}

/** The structured mode of a run, or null for a native one. `offered`: the tools available in it. */
export function structuredMode(
  config: { toolMode?: ToolMode; responseFields?: ResponseField[] },
  offered: readonly RunTool[],
): StructuredMode | null {
  if (config.toolMode !== "structured") return null;
  const fields = config.responseFields ?? [];
  const schema = buildActionModel(offered, fields);
  return {
    fields,
    schema,
    promptPart: { dynamicRef: STRUCTURED_PROMPT_REF, content: structuredInstruction(schema, fields) },
    responseFormat: { type: "json", schema: schema as never, name: "action", description: "The next action" },
    malformed: 0,
  };
}

export type StructuredStep =
  | { kind: "call"; call: ModelToolCall; fields: Record<string, unknown> }
  | { kind: "final"; text: string; fields: Record<string, unknown> }
  | { kind: "malformed"; problem: string; repair: MessagePart[] };

/** The repair message after a malformed object: what was wrong and what to send. */
export function repairText(problem: string, actions: readonly string[]): string {
  return `${REPAIR_PREFIX} ${problem}. Answer again with one JSON object following the schema in your instructions; "action" holds exactly one of: ${actions.join(", ")}.`;
}

/** Reads one answer; a malformed one counts against `maxRetries` (throws StructuredResponseError past it). */
export function readStructuredStep(
  text: string,
  mode: StructuredMode,
  offered: readonly RunTool[],
  newId: () => string,
  maxRetries: number,
): StructuredStep {
  const read = readAction(text, mode.fields);
  if (!read.ok) {
    mode.malformed += 1;
    if (mode.malformed > maxRetries) throw new StructuredResponseError(maxRetries, read.problem);
    const actions = [...offered.map((t) => t.name).sort(), FINAL_ANSWER_ACTION];
    return {
      kind: "malformed",
      problem: read.problem,
      repair: [{ type: "text", text: repairText(read.problem, actions) }],
    };
  }
  if (read.action === FINAL_ANSWER_ACTION) return { kind: "final", text: String(read.args.text), fields: read.fields };
  return {
    kind: "call",
    fields: read.fields,
    call: {
      toolCallId: `${STRUCTURED_CALL_PREFIX}${newId()}`,
      toolName: read.action,
      input: JSON.stringify(read.args),
    },
  };
}
