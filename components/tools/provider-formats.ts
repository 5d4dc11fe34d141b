/**
 * The OpenAI and Anthropic tool formats of a (live, unsaved) analysis. Mirrors
 * lib/tools/schema-formats.ts, which components may not import at runtime; the saved form is
 * served by GET /api/tools/{id}/schema.
 */
import type { AnalyzedTool } from "@/lib/tools/tool-types";

export type ProviderFormat = "openai" | "anthropic";

type Advertised = Pick<AnalyzedTool, "name" | "description" | "parameters">;

export function providerTool(tool: Advertised, format: ProviderFormat): unknown {
  return format === "openai"
    ? { type: "function", function: { name: tool.name, description: tool.description, parameters: tool.parameters } }
    : { name: tool.name, description: tool.description, input_schema: tool.parameters };
}
