/**
 * Call-time output validation (lib/tools/README.md), after the body returned: a tool whose return type is
 * a named object type (interface, class, type alias; `Promise<…>` unwrapped) must return a value
 * of that shape, else `ToolShapeError` (tool name, schema name, raw value). Skipped when the
 * analyser inferred no output schema (primitives, unions, `any`, anonymous types) and when the
 * tool said `outputSchema: false`.
 */
import { checkValue, formatProblems } from "./check-json-value";
import { ToolShapeError } from "./errors";
import { OUTPUT_POINTER } from "./read-output-schema";
import type { AnalyzedTool } from "./tool-types";

export function validateOutput(tool: AnalyzedTool, value: unknown): void {
  if (!tool.outputSchema || !tool.outputSchemaName) return;
  const problems = checkValue(tool.outputSchema, value, OUTPUT_POINTER, tool.schemaNotes ?? {});
  if (problems.length > 0) {
    throw new ToolShapeError(tool.name, tool.outputSchemaName, value, formatProblems(problems));
  }
}
