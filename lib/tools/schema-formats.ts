/** The advertised form of a tool, in each provider's tool format. */
import type { AnalyzedTool, JsonSchema } from "./tool-types";

/** What the model is shown: name, description, parameters. */
export interface ToolSchema {
  name: string;
  description: string;
  parameters: JsonSchema;
}

export interface OpenAITool {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchema };
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JsonSchema;
}

export function toToolSchema(tool: Pick<AnalyzedTool, "name" | "description" | "parameters">): ToolSchema {
  return { name: tool.name, description: tool.description, parameters: tool.parameters };
}

export function toOpenAITool(tool: Pick<AnalyzedTool, "name" | "description" | "parameters">): OpenAITool {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

export function toAnthropicTool(tool: Pick<AnalyzedTool, "name" | "description" | "parameters">): AnthropicTool {
  return { name: tool.name, description: tool.description, input_schema: tool.parameters };
}

export type SchemaFormat = "openai" | "anthropic";

export function toProviderTool(
  tool: Pick<AnalyzedTool, "name" | "description" | "parameters">,
  format: SchemaFormat,
): OpenAITool | AnthropicTool {
  return format === "openai" ? toOpenAITool(tool) : toAnthropicTool(tool);
}
