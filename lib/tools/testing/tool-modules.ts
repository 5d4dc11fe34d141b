/** Helpers shared by lib/tools' tests: tool modules around a function, and their analysis (not part of the engine's API). */
import { analyzeTool, type AnalyzeOptions } from "../analyze-tool";
import { AnalysisResult } from "../tool-analysis.shared";
import type { AnalyzedTool, JsonSchema, ToolDiagnostic } from "../tool-types";

export const DOC = "Return a short weather forecast for a city over the next few days.";

/** A complete tool module around a function, with a passing JSDoc and options unless given. */
export function toolModule(fn: string, opts: { prelude?: string; options?: string; doc?: string } = {}): string {
  const doc = opts.doc ?? `/** ${DOC} */`;
  return [
    `import { tool, type RunContext, type Int } from "atelier";`,
    opts.prelude ?? "",
    doc,
    `export default tool(${opts.options ?? "{ sideEffecting: false }"}, ${fn});`,
    "",
  ].join("\n");
}

/**
 * The analysis of `source`, checked against its zod schema (tool-analysis.shared.ts, what the routes
 * answer): every test that analyses a source also checks that the schema describes the result.
 */
export function analyze(source: string, options: AnalyzeOptions = {}): AnalysisResult {
  const result = analyzeTool(source, options);
  const checked = AnalysisResult.safeParse(JSON.parse(JSON.stringify(result)));
  if (!checked.success) throw new Error(`the analysis is outside its schema: ${checked.error.message}`);
  return result;
}

/** The analysed tool; fails the test (throws) when there is none. */
export function toolOf(source: string): AnalyzedTool {
  const result = analyze(source);
  if (!result.tool)
    throw new Error(`expected a tool, got diagnostics:\n${result.diagnostics.map((d) => d.message).join("\n")}`);
  return result.tool;
}

export function definitionErrors(result: AnalysisResult): ToolDiagnostic[] {
  return result.diagnostics.filter((d) => d.code === "ToolDefinitionError");
}

export function definitionWarnings(result: AnalysisResult): ToolDiagnostic[] {
  return result.diagnostics.filter((d) => d.code === "ToolDefinitionWarning");
}

export function typescriptErrors(result: AnalysisResult): ToolDiagnostic[] {
  return result.diagnostics.filter((d) => d.code === "TypeScript");
}

/** The schema of one parameter `x` annotated with `annotation`. */
export function paramSchema(annotation: string, prelude = ""): JsonSchema {
  const tool = toolOf(toolModule(`async function probe(x: ${annotation}) { return "ok"; }`, { prelude }));
  return (tool.parameters.properties as Record<string, JsonSchema>).x;
}

/** The 1-based line of the first line of `source` containing `needle`. */
export function lineOf(source: string, needle: string): number {
  const index = source.split("\n").findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`no line contains ${needle}`);
  return index + 1;
}
