/** The tool definition engine: analysis, call-time contract, registry, schema formats. */
export { analyzeTool, toolFromSource, type AnalyzeOptions } from "./analyze-tool";
export { ATELIER_MODULE_DTS, ATELIER_MODULE_PATH } from "./atelier-module";
export { formatArgumentError, ToolArgumentError, ToolDefinitionError, ToolRegistryError, ToolShapeError } from "./errors";
export { MIN_DESCRIPTION_LENGTH } from "./description-rules";
export { isValidToolName, TOOL_NAME_PATTERN } from "./tool-name";
export { createToolLanguageService, sharedToolLanguageService, type ToolLanguageService } from "./language-service";
export { validateArguments } from "./validate-arguments";
export { validateOutput } from "./validate-output";
export { ToolRegistry, type RegisterOptions } from "./tool-registry";
export {
  toAnthropicTool,
  toOpenAITool,
  toProviderTool,
  toToolSchema,
  type AnthropicTool,
  type OpenAITool,
  type SchemaFormat,
  type ToolSchema,
} from "./schema-formats";
export * from "./tool-types";
