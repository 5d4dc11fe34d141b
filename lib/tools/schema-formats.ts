/**
 * The advertised form of a tool, in each provider's tool format.
 *
 * Definitions of recursive types (`$defs`) sit at the root of the parameters, which is the root of
 * both providers' schema objects (`function.parameters`, `input_schema`), so every
 * `#/$defs/Name` resolves there. Anthropic takes the schema as it is (JSON Schema 2020-12 allows
 * keywords beside a `$ref`). OpenAI does not accept other keywords beside a `$ref` (a member's
 * `description`, `deprecated`, …): such a node keeps its keywords and holds the reference as its
 * only alternative, `{"description":…,"anyOf":[{"$ref":…}]}` — the same values, no inlining (which
 * would never end for a type that contains itself).
 */
import { defName } from "./schema-definitions";
import type { AnthropicTool, OpenAITool, SchemaFormat, ToolSchema } from "./tool-analysis.shared";
import type { AnalyzedTool, JsonSchema } from "./tool-types";

const SUBSCHEMA_MAPS = ["properties", "$defs"];
const SUBSCHEMA_LISTS = ["anyOf", "allOf", "oneOf"];
const SUBSCHEMAS = ["items", "additionalProperties", "not"];

function mapSchema(schema: JsonSchema, fn: (s: JsonSchema) => JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key];
    if (map && typeof map === "object") {
      out[key] = Object.fromEntries(Object.entries(map as Record<string, JsonSchema>).map(([k, v]) => [k, fn(v)]));
    }
  }
  for (const key of SUBSCHEMA_LISTS) {
    if (Array.isArray(schema[key])) out[key] = (schema[key] as JsonSchema[]).map(fn);
  }
  for (const key of SUBSCHEMAS) {
    const sub = schema[key];
    if (sub && typeof sub === "object" && !Array.isArray(sub)) out[key] = fn(sub as JsonSchema);
  }
  return out;
}

/** The parameters in the form OpenAI accepts: no keyword beside a `$ref`. */
export function openAIParameters(parameters: JsonSchema): JsonSchema {
  const defs = (parameters.$defs ?? {}) as Record<string, JsonSchema>;
  if (Object.keys(defs).length === 0) return parameters;
  const visit = (schema: JsonSchema): JsonSchema => {
    const name = defName(schema.$ref);
    if (name !== undefined && Object.keys(schema).length > 1) {
      const { $ref, ...siblings } = schema;
      return { ...siblings, anyOf: [{ $ref }] };
    }
    return mapSchema(schema, visit);
  };
  return visit(parameters);
}

export type { AnthropicTool, OpenAITool, SchemaFormat, ToolSchema };

export function toToolSchema(tool: Pick<AnalyzedTool, "name" | "description" | "parameters">): ToolSchema {
  return { name: tool.name, description: tool.description, parameters: tool.parameters };
}

export function toOpenAITool(tool: Pick<AnalyzedTool, "name" | "description" | "parameters">): OpenAITool {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: openAIParameters(tool.parameters) },
  };
}

export function toAnthropicTool(tool: Pick<AnalyzedTool, "name" | "description" | "parameters">): AnthropicTool {
  return { name: tool.name, description: tool.description, input_schema: tool.parameters };
}

export function toProviderTool(
  tool: Pick<AnalyzedTool, "name" | "description" | "parameters">,
  format: SchemaFormat,
): OpenAITool | AnthropicTool {
  return format === "openai" ? toOpenAITool(tool) : toAnthropicTool(tool);
}
