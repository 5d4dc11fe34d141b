/**
 * The checker's own errors on the tool source, as `TypeScript` diagnostics with 1-based ranges.
 * Per language service, the last check is kept: when the next source differs from it only inside
 * one comment (the author typing the description), its diagnostics are reused, shifted, instead
 * of re-checking the whole file (see comment-edit.ts).
 */
import ts from "typescript";
import { commentOnlyEdit } from "./comment-edit";
import { rangeOfSpan } from "./source-ranges";
import type { ToolDiagnostic } from "./tool-types";

interface RawDiagnostic {
  start: number;
  length: number;
  severity: ToolDiagnostic["severity"];
  message: string;
}

interface LastCheck {
  sourceFile: ts.SourceFile;
  diagnostics: RawDiagnostic[];
}

function check(program: ts.Program, sf: ts.SourceFile): RawDiagnostic[] {
  const raw = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
  const out: RawDiagnostic[] = [];
  for (const d of raw) {
    if (d.category !== ts.DiagnosticCategory.Error && d.category !== ts.DiagnosticCategory.Warning) continue;
    out.push({
      start: d.start ?? 0,
      length: d.length ?? 0,
      severity: d.category === ts.DiagnosticCategory.Error ? "error" : "warning",
      message: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    });
  }
  return out;
}

/** Previous diagnostics moved across a comment-only edit, or null when they cannot be reused. */
function reuse(last: LastCheck, sf: ts.SourceFile): RawDiagnostic[] | null {
  const edit = commentOnlyEdit(last.sourceFile, sf);
  if (!edit) return null;
  const moved: RawDiagnostic[] = [];
  for (const d of last.diagnostics) {
    if (d.start + d.length <= edit.commentStart) moved.push(d);
    else if (d.start >= edit.oldCommentEnd) moved.push({ ...d, start: d.start + edit.delta });
    else return null; // a diagnostic inside the comment: re-check
  }
  return moved;
}

export class TypeScriptDiagnostics {
  private last: LastCheck | null = null;
  /** How many of the calls reused the previous check (for tests and the benchmark). */
  reused = 0;

  of(program: ts.Program, sf: ts.SourceFile): ToolDiagnostic[] {
    let diagnostics = this.last ? reuse(this.last, sf) : null;
    if (diagnostics) this.reused++;
    else diagnostics = check(program, sf);
    this.last = { sourceFile: sf, diagnostics };
    return diagnostics.map((d) => ({
      severity: d.severity,
      code: "TypeScript" as const,
      message: d.message,
      range: rangeOfSpan(sf, d.start, d.start + d.length),
    }));
  }
}
