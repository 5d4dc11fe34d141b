/**
 * TypeScript -> JavaScript for the sandbox (`typescript.transpileModule`, CommonJS so the sandbox
 * can hand the module its own `require("atelier")`), with a source map decoded into a per-line
 * table so runtime error positions map back to the author's source. Cached per source text: a warm
 * call's lookup costs V8's string hash and a compare, not a SHA-256 of the source.
 */
import { createHash } from "node:crypto";
import ts from "typescript";

export interface SourcePosition {
  /** 1-based line in the author's TypeScript. */
  line: number;
  /** 1-based column, when known. */
  column: number | null;
}

/** One mapping segment: generated column (0-based) -> original line/column (0-based). */
type Segment = [genColumn: number, origLine: number, origColumn: number];

export interface TranspiledTool {
  /** sha256 of the source. */
  hash: string;
  js: string;
  /** Syntax errors TypeScript found while transpiling (the analyser reports them with ranges). */
  syntaxErrors: Array<{ message: string; line: number | null }>;
  /** Per generated line (0-based index), its mapping segments sorted by column. */
  segments: Segment[][];
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2020,
  alwaysStrict: true,
  esModuleInterop: false,
  importHelpers: false,
  sourceMap: true,
  inlineSources: false,
  removeComments: false,
  verbatimModuleSyntax: false,
  isolatedModules: true,
};

const CACHE_LIMIT = 256;
/** source text -> its transpilation, least recently used first */
const cache = new Map<string, TranspiledTool>();

export function hashSource(source: string): string {
  return createHash("sha256").update(source).digest("hex");
}

/** Transpile (or fetch from the cache) a tool's TypeScript source. */
export function transpileTool(source: string): TranspiledTool {
  const cached = cache.get(source);
  if (cached) {
    cache.delete(source);
    cache.set(source, cached);
    return cached;
  }
  const hash = hashSource(source);
  const out = ts.transpileModule(source, {
    compilerOptions: COMPILER_OPTIONS,
    fileName: "tool.ts",
    reportDiagnostics: true,
  });
  const js = out.outputText.replace(/\n\/\/# sourceMappingURL=.*\s*$/, "\n");
  const map = out.sourceMapText ? (JSON.parse(out.sourceMapText) as { mappings: string }) : { mappings: "" };
  const syntaxErrors = (out.diagnostics ?? [])
    .filter((d) => d.category === ts.DiagnosticCategory.Error)
    .map((d) => ({
      message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
      line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : null,
    }));
  const result: TranspiledTool = { hash, js, syntaxErrors, segments: decodeMappings(map.mappings) };
  cache.set(source, result);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return result;
}

/** Map a 1-based generated line/column (in `js`) to the author's source. */
export function mapToSource(tool: TranspiledTool, line: number, column: number | null): SourcePosition | null {
  // Search this line, then earlier ones (a line without mappings belongs to the statement above).
  for (let l = line - 1; l >= 0 && l >= line - 50; l--) {
    const segs = tool.segments[l];
    if (!segs || segs.length === 0) continue;
    let best = segs[0];
    if (l === line - 1 && column !== null) {
      for (const seg of segs) if (seg[0] <= column - 1) best = seg;
    }
    return { line: best[1] + 1, column: l === line - 1 && column !== null ? best[2] + 1 : null };
  }
  return null;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_VALUE = new Map([...BASE64].map((c, i) => [c, i]));

/** Decode source map v3 `mappings` (VLQ) into per-line segments. */
export function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let origLine = 0;
  let origColumn = 0;
  let source = 0;
  let name = 0;
  for (const lineText of mappings.split(";")) {
    const segs: Segment[] = [];
    let genColumn = 0;
    if (lineText) {
      for (const segText of lineText.split(",")) {
        if (!segText) continue;
        const values = decodeVlq(segText);
        genColumn += values[0];
        if (values.length >= 4) {
          source += values[1];
          origLine += values[2];
          origColumn += values[3];
          if (values.length >= 5) name += values[4];
          segs.push([genColumn, origLine, origColumn]);
        }
      }
    }
    segs.sort((a, b) => a[0] - b[0]);
    lines.push(segs);
  }
  void source;
  void name;
  return lines;
}

function decodeVlq(text: string): number[] {
  const values: number[] = [];
  let shift = 0;
  let value = 0;
  for (const char of text) {
    const digit = BASE64_VALUE.get(char);
    if (digit === undefined) break;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      const negative = value & 1;
      value >>>= 1;
      values.push(negative ? -value : value);
      value = 0;
      shift = 0;
    }
  }
  return values;
}
