/**
 * The analysed form of a tool: what the definition engine (`analyze-tool.ts`) produces from a
 * TypeScript source, and what the call-time contract and the sandbox consume.
 *
 * Owned by lib/tools. The sandbox reads `call` to know how to invoke the body. The shapes are zod
 * schemas in `tool-analysis.shared.ts` (browser-safe, so the HTTP contract and the studio use them);
 * their types are re-exported here.
 */

export type {
  AnalysisKnown,
  AnalysisResult,
  AnalyzedTool,
  ArgumentConversion,
  CallParam,
  CallPlan,
  DiagnosticCode,
  JsonSchema,
  SchemaNote,
  SourceRange,
  ToolDiagnostic,
} from "./tool-analysis.shared";

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
