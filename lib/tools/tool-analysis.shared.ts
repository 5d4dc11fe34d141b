/**
 * The analysed form of a tool as zod schemas, for the server and the browser alike (the Tool
 * Studio, the HTTP contract lib/api/contracts/tools.shared.ts): what the definition engine
 * (`analyze-tool.ts`) produces from a TypeScript source, and what the call-time contract and the
 * sandbox consume. Each schema and its type share one name; `tool-types.ts` re-exports the types.
 * Browser-safe: imports only zod and other shared modules.
 */
import { z } from "zod";
import { Predicate } from "./availability.shared";

/** A JSON Schema object (open: any keyword). */
export const JsonSchema = z.record(z.string(), z.unknown());
export type JsonSchema = z.infer<typeof JsonSchema>;

const Position = z.number().int().min(1);

/** 1-based, inclusive start, exclusive end column — Monaco's convention. */
export const SourceRange = z.object({
  startLine: Position,
  startColumn: Position,
  endLine: Position,
  endColumn: Position,
});
export type SourceRange = z.infer<typeof SourceRange>;

/**
 * `ToolDefinitionError`: our rules, the tool cannot be saved runnable; `ToolDefinitionWarning`:
 * worth fixing but never blocks (a connection not created yet); `TypeScript`: the checker's own.
 */
export const DiagnosticCode = z.enum(["ToolDefinitionError", "ToolDefinitionWarning", "TypeScript"]);
export type DiagnosticCode = z.infer<typeof DiagnosticCode>;

export const ToolDiagnostic = z.object({
  severity: z.enum(["error", "warning"]),
  code: DiagnosticCode,
  message: z.string(),
  range: SourceRange,
});
export type ToolDiagnostic = z.infer<typeof ToolDiagnostic>;

/** How a top-level argument is turned into the runtime value the body receives. */
export const ArgumentConversion = z.enum(["set", "date", "map"]);
export type ArgumentConversion = z.infer<typeof ArgumentConversion>;

export const CallParam = z.object({
  /** The property name in the model's arguments object. */
  name: z.string(),
  /**
   * Conversion applied inside the sandbox before the body sees the value: `set` -> `new Set(array)`,
   * `date` -> `new Date(string)`, `map` -> `new Map(Object.entries(object))`.
   */
  convert: ArgumentConversion.optional(),
});
export type CallParam = z.infer<typeof CallParam>;

/**
 * How the sandbox calls the function:
 * - `positional`: `fn(args[p0], args[p1], …)` in declared order; `ctx` (when declared) is inserted
 *   at `ctx.index`.
 * - `object`: a single destructured parameter; `fn({...args}, ctx?)` with `ctx` at `ctx.index`.
 */
export const CallPlan = z.object({
  style: z.enum(["positional", "object"]),
  params: z.array(CallParam),
  ctx: z.object({ name: z.string(), index: z.number().int().min(0) }).nullable(),
  /** An index signature on the destructured parameter: extra keys are passed through. */
  acceptsExtra: z.boolean(),
});
export type CallPlan = z.infer<typeof CallPlan>;

export const SchemaNote = z.object({
  typeName: z.string().optional(),
  unchecked: z.boolean().optional(),
});
export type SchemaNote = z.infer<typeof SchemaNote>;

export const AnalyzedTool = z.object({
  name: z.string(),
  /** The model-facing description, exactly as sent. */
  description: z.string(),
  /** The human part below the `---` cut (never sent to the model); null when there is none. */
  humanNotes: z.string().nullable(),
  /** `{"type":"object","properties":{…},"required":[…]}` */
  parameters: JsonSchema,
  /** Inferred from a named object return type; null when skipped or `outputSchema: false`. */
  outputSchema: JsonSchema.nullable(),
  /** The return type's name (e.g. "Quote") when `outputSchema` is set. */
  outputSchemaName: z.string().nullable(),
  sideEffecting: z.boolean(),
  idempotent: z.boolean(),
  requiresApproval: z.boolean(),
  status: z.string().nullable(),
  tags: z.array(z.string()),
  metadata: z.record(z.string(), z.unknown()),
  timeoutMs: z.number().int().positive(),
  egress: z.array(z.string()),
  call: CallPlan,
  /**
   * What the JSON Schema cannot say without leaking non-standard keys to the model, keyed by JSON
   * pointer into `parameters` (e.g. "/properties/unit") or, prefixed "#output", into `outputSchema`:
   * the TypeScript name of an enum / literal union (for "'kelvin' is not a valid Unit" messages),
   * and `unchecked` for `any` / `unknown` / unannotated values (advertised as string, not enforced).
   */
  schemaNotes: z.record(z.string(), SchemaNote).optional(),
  /** The connections the tool declares (`connections: [...]`), read at call time as `ctx.connections.<name>`. */
  connections: z.array(z.string()).optional(),
  /** When the tool is offered (`availableWhen`, availability.shared.ts); absent: always. */
  availableWhen: Predicate.nullable().optional(),
  /**
   * The texts written with tool-side templates (description-template.shared.ts), as written:
   * `description`, and parameter descriptions by JSON pointer into `parameters`. `description`
   * above (and the parameters') hold them rendered with their fallbacks; a run renders these again
   * with the conversation's context and connections. Absent when the tool uses none.
   */
  templates: z
    .object({ description: z.string().optional(), parameters: z.record(z.string(), z.string()).optional() })
    .optional(),
  /**
   * The `prompt` option as written (it may hold tool-side templates): appended to the system prompt
   * of every agent the tool is attached to, while it is available, rendered per conversation.
   * Absent when the tool has none (or it is blank).
   */
  prompt: z.string().optional(),
  /**
   * The module exports `context(ctx)`: a run calls it in the sandbox before every model request and
   * sends its text after the history. Absent when it does not.
   */
  contextFunction: z.boolean().optional(),
});
export type AnalyzedTool = z.infer<typeof AnalyzedTool>;

export const AnalysisResult = z.object({
  /** The tool, or null when a definition error (or an unreadable source) prevents one. */
  tool: AnalyzedTool.nullable(),
  diagnostics: z.array(ToolDiagnostic),
  /**
   * Best-effort tool for the editor's live preview: built whenever the function could be read,
   * even while definition errors are pending (e.g. the description is still too short). Never
   * register or run it; `tool` is the only one fit for that. Null when nothing could be read.
   */
  preview: AnalyzedTool.nullable().optional(),
});
export type AnalysisResult = z.infer<typeof AnalysisResult>;

/** What the model is shown: name, description, parameters. */
export const ToolSchema = z.object({ name: z.string(), description: z.string(), parameters: JsonSchema });
export type ToolSchema = z.infer<typeof ToolSchema>;

/** A tool in OpenAI's tool format (schema-formats.ts). */
export const OpenAITool = z.object({
  type: z.literal("function"),
  function: z.object({ name: z.string(), description: z.string(), parameters: JsonSchema }),
});
export type OpenAITool = z.infer<typeof OpenAITool>;

/** A tool in Anthropic's tool format (schema-formats.ts). */
export const AnthropicTool = z.object({ name: z.string(), description: z.string(), input_schema: JsonSchema });
export type AnthropicTool = z.infer<typeof AnthropicTool>;

/** The providers' tool formats a tool is exported in. */
export const SchemaFormat = z.enum(["openai", "anthropic"]);
export type SchemaFormat = z.infer<typeof SchemaFormat>;

/** The `atelier` module's declarations, for the editor's completion, hover and type checks. */
export const AtelierModuleTypes = z.object({ path: z.string(), dts: z.string() });
export type AtelierModuleTypes = z.infer<typeof AtelierModuleTypes>;

/**
 * What the studio knows that the source does not say, passed into an analysis by the caller (the
 * analyser has no database): the connections that exist, with their fields. Absent: the checks
 * that need it (an unknown connection, a secret field in a template) are skipped.
 */
export const AnalysisKnown = z.object({
  connections: z.array(
    z.object({ name: z.string(), fields: z.array(z.object({ name: z.string(), secret: z.boolean() })) }),
  ),
});
export type AnalysisKnown = z.infer<typeof AnalysisKnown>;

/** A connection a tool names, as the Tool Studio shows it: does it exist with every field set. */
export const ConnectionState = z.object({ name: z.string(), configured: z.boolean() });
export type ConnectionState = z.infer<typeof ConnectionState>;

/**
 * The analysis of a source as the Tool Studio shows it (POST /api/tools/analyze): the tool, every
 * diagnostic, the preview, and the shown tool (the tool, else the preview) in the providers' formats.
 */
export const ToolAnalysisView = z.object({
  tool: AnalyzedTool.nullable(),
  diagnostics: z.array(ToolDiagnostic),
  preview: AnalyzedTool.nullable(),
  formats: z.object({ openai: OpenAITool, anthropic: AnthropicTool }).nullable(),
  /**
   * The state of each connection the shown tool names (declared, in `availableWhen`, in a template);
   * a name the studio does not have is not configured. Absent when the server could not tell.
   */
  connections: z.array(ConnectionState).optional(),
});
export type ToolAnalysisView = z.infer<typeof ToolAnalysisView>;
