/** The checker's own errors on the tool source, as `TypeScript` diagnostics with 1-based ranges. */
import ts from "typescript";
import type { ToolDiagnostic } from "./tool-types";
import { rangeOfSpan } from "./source-ranges";

export function typescriptDiagnostics(program: ts.Program, sf: ts.SourceFile): ToolDiagnostic[] {
  const raw = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
  const out: ToolDiagnostic[] = [];
  for (const d of raw) {
    if (d.category !== ts.DiagnosticCategory.Error && d.category !== ts.DiagnosticCategory.Warning) continue;
    const start = d.start ?? 0;
    out.push({
      severity: d.category === ts.DiagnosticCategory.Error ? "error" : "warning",
      code: "TypeScript",
      message: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
      range: rangeOfSpan(sf, start, start + (d.length ?? 0)),
    });
  }
  return out;
}
