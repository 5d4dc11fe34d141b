"use client";
/** Every diagnostic of the live analysis; clicking one moves the editor's cursor to it. */
import type { SourceRange, ToolDiagnostic } from "@/lib/tools/tool-analysis.shared";

export function ProblemsPanel({
  diagnostics,
  onSelect,
}: {
  diagnostics: ToolDiagnostic[];
  onSelect(range: SourceRange): void;
}) {
  const defs = diagnostics.filter((d) => d.code === "ToolDefinitionError").length;
  const warnings = diagnostics.filter((d) => d.code === "ToolDefinitionWarning").length;
  const types = diagnostics.length - defs - warnings;
  return (
    <section className="problems" aria-label="Problems" data-testid="problems-panel">
      <div className="problems-head">
        <strong>Problems</strong>
        {diagnostics.length === 0 ? (
          <span className="pill ok">none</span>
        ) : (
          <>
            {defs ? <span className="pill danger">{defs} definition</span> : null}
            {warnings ? (
              <span className="pill warn">
                {warnings} warning{warnings === 1 ? "" : "s"}
              </span>
            ) : null}
            {types ? <span className="pill warn">{types} TypeScript</span> : null}
          </>
        )}
      </div>
      {diagnostics.length > 0 ? (
        <ul className="problem-list">
          {diagnostics.map((d, i) => (
            <li key={`${i}-${d.range.startLine}-${d.range.startColumn}`}>
              <button type="button" className="problem" onClick={() => onSelect(d.range)} data-testid="problem">
                <span className={`problem-code ${d.code === "ToolDefinitionError" ? "def" : "ts"}`}>{d.code}</span>
                <span className="problem-where mono">
                  Ln {d.range.startLine}, Col {d.range.startColumn}
                </span>
                <span className="problem-message">{d.message}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
