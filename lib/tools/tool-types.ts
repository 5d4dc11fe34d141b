/**
 * The analysed form of a tool: what the definition engine (`analyze-tool.ts`) produces from a
 * TypeScript source, and what the call-time contract and the sandbox consume.
 *
 * Owned by lib/tools. The sandbox reads `call` to know how to invoke the body.
 */

export type JsonSchema = { [key: string]: unknown };

/** 1-based, inclusive start, exclusive end column — Monaco's convention. */
export interface SourceRange {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export type DiagnosticCode = "ToolDefinitionError" | "TypeScript";

export interface ToolDiagnostic {
  severity: "error" | "warning";
  code: DiagnosticCode;
  message: string;
  range: SourceRange;
}

/** How a top-level argument is turned into the runtime value the body receives. */
export type ArgumentConversion = "set" | "date" | "map";

export interface CallParam {
  /** The property name in the model's arguments object. */
  name: string;
  /**
   * Conversion applied inside the sandbox before the body sees the value: `set` -> `new Set(array)`,
   * `date` -> `new Date(string)`, `map` -> `new Map(Object.entries(object))`.
   */
  convert?: ArgumentConversion;
}

/**
 * How the sandbox calls the function:
 * - `positional`: `fn(args[p0], args[p1], …)` in declared order; `ctx` (when declared) is inserted
 *   at `ctx.index`.
 * - `object`: a single destructured parameter; `fn({...args}, ctx?)` with `ctx` at `ctx.index`.
 */
export interface CallPlan {
  style: "positional" | "object";
  params: CallParam[];
  ctx: { name: string; index: number } | null;
  /** An index signature on the destructured parameter: extra keys are passed through. */
  acceptsExtra: boolean;
}

export interface AnalyzedTool {
  name: string;
  /** The model-facing description, exactly as sent. */
  description: string;
  /** The human part below the `---` cut (never sent to the model); null when there is none. */
  humanNotes: string | null;
  /** `{"type":"object","properties":{…},"required":[…]}` */
  parameters: JsonSchema;
  /** Inferred from a named object return type; null when skipped or `outputSchema: false`. */
  outputSchema: JsonSchema | null;
  /** The return type's name (e.g. "Quote") when `outputSchema` is set. */
  outputSchemaName: string | null;
  sideEffecting: boolean;
  idempotent: boolean;
  requiresApproval: boolean;
  status: string | null;
  tags: string[];
  metadata: Record<string, unknown>;
  timeoutMs: number;
  egress: string[];
  call: CallPlan;
  /**
   * What the JSON Schema cannot say without leaking non-standard keys to the model, keyed by JSON
   * pointer into `parameters` (e.g. "/properties/unit") or, prefixed "#output", into `outputSchema`:
   * the TypeScript name of an enum / literal union (for "'kelvin' is not a valid Unit" messages),
   * and `unchecked` for `any` / `unknown` / unannotated values (advertised as string, not enforced).
   */
  schemaNotes?: Record<string, SchemaNote>;
}

export interface SchemaNote {
  typeName?: string;
  unchecked?: boolean;
}

export interface AnalysisResult {
  /** The tool, or null when a definition error (or an unreadable source) prevents one. */
  tool: AnalyzedTool | null;
  diagnostics: ToolDiagnostic[];
  /**
   * Best-effort tool for the editor's live preview: built whenever the function could be read,
   * even while definition errors are pending (e.g. the description is still too short). Never
   * register or run it; `tool` is the only one fit for that. Null when nothing could be read.
   */
  preview?: AnalyzedTool | null;
}

export const DEFAULT_TOOL_TIMEOUT_MS = 10_000;

/** The longest `timeoutMs` a tool may ask for: one call never holds a sandbox worker longer. */
export const MAX_TOOL_TIMEOUT_MS = 60_000;

/**
 * The studio's cap on `timeoutMs`: 60 s, or lower when the operator sets ATELIER_TOOL_TIMEOUT_MAX_MS
 * (a value above 60 s is ignored — the cap never rises).
 */
export function maxToolTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const raw = Number(env.ATELIER_TOOL_TIMEOUT_MAX_MS);
  return Number.isFinite(raw) && raw > 0 ? Math.min(MAX_TOOL_TIMEOUT_MS, Math.floor(raw)) : MAX_TOOL_TIMEOUT_MS;
}
