/**
 * TypeScript tool source -> `{ tool, diagnostics }` (lib/tools/README.md).
 *
 * Static analysis only: the TypeScript compiler parses and type-checks the source; nothing of it
 * is ever evaluated. Diagnostics are `ToolDefinitionError` (our rules, each with the range to
 * underline) and `TypeScript` (the checker's own errors, with the `atelier` module's types).
 *
 * `tool` is null when any definition error is present (such a tool must not be saved or
 * registered) or when no tool could be found. Pure TypeScript type errors do not null it: the
 * preview stays useful while the body is being typed, and the sandbox transpiles without
 * type-checking. `preview` is the best-effort tool for the editor, built even while definition
 * errors are pending, and is never to be registered.
 */
import ts from "typescript";
import {
  checkTemplateRefs,
  hasTemplates,
  renderParameterTemplates,
  renderWithFallbacks,
} from "./apply-description-templates";
import { chooseDescription } from "./description-rules";
import { sharedToolLanguageService, type ToolLanguageService } from "./language-service";
import { locateTool } from "./locate-tool";
import { readParameters } from "./read-parameters";
import { OUTPUT_POINTER, readOutputSchema } from "./read-output-schema";
import { parseJsDoc } from "./read-jsdoc";
import { readToolOptions, SIDE_EFFECTING_REQUIRED_MESSAGE } from "./read-tool-options";
import { readToolRequirements } from "./read-tool-requirements";
import { readContextExport } from "./read-context-export";
import { rangeOfCommentLine, rangeOfNode, rangeOfSpan } from "./source-ranges";
import { invalidToolNameMessage, isValidToolName, MISSING_TOOL_NAME_MESSAGE } from "./tool-name";
import type { AnalysisKnown, AnalysisResult, AnalyzedTool, SourceRange, ToolDiagnostic } from "./tool-types";
import { newSchemaWalk } from "./type-to-schema";
import { TypeScriptDiagnostics } from "./typescript-diagnostics";

export interface AnalyzeOptions {
  /** The language service to use; defaults to the process-wide cached one. */
  service?: ToolLanguageService;
  /**
   * The connections the studio has (the caller reads them; the analyser has no database). Absent:
   * the checks that need them (an unknown connection, a secret field in a template) are skipped.
   */
  known?: AnalysisKnown;
}

/** One diagnostics memory per language service (it remembers that service's last check). */
const diagnosticsByService = new WeakMap<ToolLanguageService, TypeScriptDiagnostics>();

export function typescriptDiagnosticsFor(service: ToolLanguageService): TypeScriptDiagnostics {
  let d = diagnosticsByService.get(service);
  if (!d) diagnosticsByService.set(service, (d = new TypeScriptDiagnostics()));
  return d;
}

function definitionError(message: string, range: SourceRange): ToolDiagnostic {
  return { severity: "error", code: "ToolDefinitionError", message, range };
}

function definitionWarning(message: string, range: SourceRange): ToolDiagnostic {
  return { severity: "warning", code: "ToolDefinitionWarning", message, range };
}

function within(inner: SourceRange, outer: SourceRange): boolean {
  const before = (l: number, c: number, l2: number, c2: number) => l < l2 || (l === l2 && c <= c2);
  return (
    before(outer.startLine, outer.startColumn, inner.startLine, inner.startColumn) &&
    before(inner.startLine, inner.startColumn, outer.endLine, outer.endColumn)
  );
}

/** Every place `text` is written in the source, as ranges. */
function occurrences(sf: ts.SourceFile, text: string): SourceRange[] {
  const ranges: SourceRange[] = [];
  for (let at = sf.text.indexOf(text); at >= 0; at = sf.text.indexOf(text, at + text.length))
    ranges.push(rangeOfSpan(sf, at, at + text.length));
  return ranges;
}

function firstLineRange(sf: ts.SourceFile): SourceRange {
  const firstContent = sf.text.search(/\S/);
  if (firstContent < 0) return rangeOfSpan(sf, 0, 0);
  const lineEnd = sf.text.indexOf("\n", firstContent);
  return rangeOfSpan(sf, firstContent, lineEnd < 0 ? sf.text.length : lineEnd);
}

function byPosition(a: ToolDiagnostic, b: ToolDiagnostic): number {
  return (
    a.range.startLine - b.range.startLine ||
    a.range.startColumn - b.range.startColumn ||
    (a.code === b.code ? 0 : a.code === "ToolDefinitionError" ? -1 : b.code === "ToolDefinitionError" ? 1 : 0)
  );
}

export function analyzeTool(source: string, options: AnalyzeOptions = {}): AnalysisResult {
  const service = options.service ?? sharedToolLanguageService();
  let sf: ts.SourceFile | undefined;
  try {
    const { program, checker, sourceFile } = service.update(source);
    sf = sourceFile;
    const tsDiagnostics = typescriptDiagnosticsFor(service).of(program, sourceFile);
    const { tool, preview, definitionErrors, warnings, suppressTs } = analyzeProgram(
      checker,
      sourceFile,
      options.known,
    );
    const kept = tsDiagnostics.filter((d) => !suppressTs(d));
    const diagnostics = [...definitionErrors, ...warnings, ...kept].sort(byPosition);
    return { tool: definitionErrors.length > 0 ? null : tool, diagnostics, preview };
  } catch (error) {
    // Never throw at the caller (the route must answer, not 500): report the failure in place.
    const message = `the analyser failed on this source: ${error instanceof Error ? error.message : String(error)}`;
    const range = sf ? firstLineRange(sf) : { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 };
    return { tool: null, diagnostics: [definitionError(message, range)], preview: null };
  }
}

interface ProgramAnalysis {
  tool: AnalyzedTool | null;
  preview: AnalyzedTool | null;
  definitionErrors: ToolDiagnostic[];
  /** Worth fixing, never blocking (`ToolDefinitionWarning`). */
  warnings: ToolDiagnostic[];
  suppressTs: (d: ToolDiagnostic) => boolean;
}

function analyzeProgram(checker: ts.TypeChecker, sf: ts.SourceFile, known?: AnalysisKnown): ProgramAnalysis {
  const errors: ToolDiagnostic[] = [];
  const warnings: ToolDiagnostic[] = [];
  const noSuppression = () => false;
  const located = locateTool(checker, sf);
  if (!located.ok) {
    const range = located.node ? rangeOfNode(sf, located.node) : firstLineRange(sf);
    return {
      tool: null,
      preview: null,
      definitionErrors: [definitionError(located.message, range)],
      warnings,
      suppressTs: noSuppression,
    };
  }
  const { call, options, fn, jsdoc, statement } = located.tool;

  // Options.
  const read = readToolOptions(sf, options);
  for (const p of read.problems) errors.push(definitionError(p.message, rangeOfNode(sf, p.node)));
  const opts = read.values;
  let suppressTs: (d: ToolDiagnostic) => boolean = noSuppression;
  if (opts.sideEffecting === undefined && !read.unreadable.has("sideEffecting") && !read.unreadable.has("*")) {
    const range = rangeOfNode(sf, options ?? call);
    errors.push(definitionError(SIDE_EFFECTING_REQUIRED_MESSAGE, range));
    // The checker says the same thing about ToolOptions ("Property 'sideEffecting' is missing"):
    // one message per mistake.
    suppressTs = (d) => d.message.includes("'sideEffecting' is missing");
  }
  // connections and availableWhen: the checker's complaints inside a value we refused are ours.
  const req = readToolRequirements(sf, read.nodes, known);
  for (const p of req.errors) errors.push(definitionError(p.message, rangeOfNode(sf, p.node)));
  for (const p of req.warnings) warnings.push(definitionWarning(p.message, rangeOfNode(sf, p.node)));
  const owned = req.owned.map((n) => rangeOfNode(sf, n));
  const suppressOption = suppressTs;
  suppressTs = (d) => suppressOption(d) || owned.some((r) => within(d.range, r));

  // Name.
  const fnName = fn.name && ts.isIdentifier(fn.name) ? fn.name.text : undefined;
  const name = opts.name ?? fnName;
  const nameNode = read.nodes.get("name") ?? fn.name ?? call.expression;
  if (name === undefined) {
    if (!read.unreadable.has("name"))
      errors.push(definitionError(MISSING_TOOL_NAME_MESSAGE, rangeOfNode(sf, nameNode)));
  } else if (!isValidToolName(name)) {
    errors.push(definitionError(invalidToolNameMessage(name), rangeOfNode(sf, nameNode)));
  }
  const toolName = name ?? "";

  // Description.
  const doc = jsdoc ? parseJsDoc(sf, jsdoc.start, jsdoc.end) : null;
  const descriptionUnreadable = read.unreadable.has("description") || read.unreadable.has("*");
  const chosen = chooseDescription(
    toolName,
    doc ? doc.mainLines.map((l) => l.text).join("\n") : null,
    opts.description ?? null,
    renderWithFallbacks,
  );
  if (!descriptionUnreadable) {
    for (const problem of chosen.problems) {
      let range: SourceRange;
      if (problem.kind === "developer-note" && doc && problem.rawLine !== undefined) {
        range = rangeOfCommentLine(sf, doc.mainLines[problem.rawLine].line);
      } else if (chosen.source === "option") {
        range = rangeOfNode(sf, read.nodes.get("description")!);
      } else if (jsdoc) {
        range = rangeOfSpan(sf, jsdoc.start, jsdoc.end);
      } else {
        range = rangeOfNode(sf, fn.name ?? statement);
      }
      errors.push(definitionError(problem.message, range));
    }
  }

  // Parameters and output.
  const walk = newSchemaWalk(checker);
  const params = readParameters(walk, fn, toolName, doc?.params ?? new Map(), sf, doc?.tags);
  for (const p of params.problems) {
    const range = p.line === undefined ? rangeOfNode(sf, p.node) : rangeOfCommentLine(sf, p.line);
    errors.push(definitionError(p.message, range));
  }
  const parameters = renderParameterTemplates(params.parameters);
  const output = opts.outputSchema ? readOutputSchema(walk, fn, sf) : null;
  // Malformed validation tags in members' JSDoc (parameter and output types), on their lines.
  for (const p of walk.problems) errors.push(definitionError(p.message, rangeOfCommentLine(sf, p.line)));
  const notes = Object.fromEntries(
    Object.entries(walk.notes).filter(([pointer]) => output !== null || !pointer.startsWith(OUTPUT_POINTER)),
  );

  // Templates: the texts as written, and their connection fields checked, each underlined where written.
  const descriptionTemplate = hasTemplates(chosen.written) ? chosen.written : undefined;
  const paramTemplates = Object.keys(parameters.raw).length ? parameters.raw : undefined;
  // The prompt part: the same templates, checked the same way (a secret field is an error).
  const prompt = opts.prompt?.trim() ? opts.prompt.trim() : undefined;
  const templateTexts = [
    ...(descriptionTemplate ? [descriptionTemplate] : []),
    ...Object.values(parameters.raw),
    ...(prompt ? [prompt] : []),
  ];
  const descriptionRange = read.nodes.get("description")
    ? rangeOfNode(sf, read.nodes.get("description")!)
    : jsdoc
      ? rangeOfSpan(sf, jsdoc.start, jsdoc.end)
      : rangeOfNode(sf, fn.name ?? statement);
  for (const p of checkTemplateRefs(templateTexts, req.connections, known)) {
    const ranges = occurrences(sf, p.raw);
    for (const range of ranges.length ? ranges : [descriptionRange])
      (p.severity === "error" ? errors : warnings).push(
        (p.severity === "error" ? definitionError : definitionWarning)(p.message, range),
      );
  }

  // The per-request context function (`export function context(ctx)`).
  const contextExport = readContextExport(checker, sf);
  if (contextExport.found && contextExport.problem)
    errors.push(definitionError(contextExport.problem.message, rangeOfNode(sf, contextExport.problem.node)));

  const tool: AnalyzedTool = {
    name: toolName,
    description: chosen.description,
    humanNotes: chosen.humanNotes,
    parameters: parameters.schema,
    outputSchema: output?.schema ?? null,
    outputSchemaName: output?.name ?? null,
    sideEffecting: opts.sideEffecting ?? false,
    idempotent: opts.idempotent,
    requiresApproval: opts.requiresApproval,
    status: opts.status,
    tags: opts.tags,
    metadata: opts.metadata,
    timeoutMs: opts.timeoutMs,
    egress: opts.egress,
    call: params.call,
    schemaNotes: notes,
    ...(req.connections.length ? { connections: req.connections } : {}),
    ...(req.availableWhen ? { availableWhen: req.availableWhen } : {}),
    ...(descriptionTemplate || paramTemplates
      ? {
          templates: {
            ...(descriptionTemplate ? { description: descriptionTemplate } : {}),
            ...(paramTemplates ? { parameters: paramTemplates } : {}),
          },
        }
      : {}),
    ...(prompt ? { prompt } : {}),
    ...(contextExport.found ? { contextFunction: true } : {}),
  };
  return { tool, preview: tool, definitionErrors: errors, warnings, suppressTs };
}
