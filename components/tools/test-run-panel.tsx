"use client";
/**
 * Test-run a saved version in the sandbox: arguments through a generated form or as raw JSON
 * (pre-filled with a skeleton of the required parameters: optional ones are not sent unless added),
 * then the result or the error, with logs and events. A result is marked stale once the arguments
 * change, and cleared when the next attempt fails before running (arguments that are not JSON).
 */
import { useEffect, useMemo, useState } from "react";
import type { AnalyzedTool } from "@/lib/tools/tool-analysis.shared";
import { optionalNames, requiredSkeletonFor } from "./argument-skeleton";
import { ArgumentForm } from "./argument-form";
import { RunOutcomeView } from "./run-outcome-view";
import { useInvokeTool } from "./tool-queries";

export interface RunnableVersion {
  version: number;
  hasErrors: boolean;
  analysis: AnalyzedTool | null;
}

/**
 * Whether the viewer may test-run a tool nothing gates (author or operator), and one that is
 * side-effecting or approval-gated (approver). The server decides over every saved version.
 */
export interface TestRunRights {
  plain: boolean;
  gated: boolean;
}

export function TestRunPanel({
  toolId,
  target,
  dirty,
  canRun,
  onShowLine,
}: {
  toolId: string | null;
  target: RunnableVersion | null;
  dirty: boolean;
  canRun: TestRunRights;
  onShowLine(line: number): void;
}) {
  if (!toolId || !target)
    return <p className="muted">Save the tool first: test runs use a saved version, in the sandbox.</p>;
  if (target.hasErrors || !target.analysis) {
    return (
      <p className="error" data-testid="run-blocked">
        Version {target.version} has definition errors: it is kept as a draft and cannot run or be attached to an agent.
        Fix them and save.
      </p>
    );
  }
  return (
    <RunnableTestPanel
      key={`${toolId}-${target.version}`}
      toolId={toolId}
      version={target.version}
      tool={target.analysis}
      dirty={dirty}
      canRun={canRun}
      onShowLine={onShowLine}
    />
  );
}

function RunnableTestPanel({
  toolId,
  version,
  tool,
  dirty,
  canRun,
  onShowLine,
}: {
  toolId: string;
  version: number;
  tool: AnalyzedTool;
  dirty: boolean;
  canRun: TestRunRights;
  onShowLine(line: number): void;
}) {
  // Keyed by the schema's text: a refetch of the same version must not wipe what the author typed.
  const schemaText = JSON.stringify(tool.parameters);
  const skeleton = useMemo(() => requiredSkeletonFor(JSON.parse(schemaText)) as Record<string, unknown>, [schemaText]);
  const [mode, setMode] = useState<"form" | "json">("json");
  const [value, setValue] = useState<Record<string, unknown>>(skeleton);
  const [text, setText] = useState(() => JSON.stringify(skeleton, null, 2));
  const [parseError, setParseError] = useState<string | null>(null);
  const invoke = useInvokeTool(toolId);
  /** The arguments of the shown outcome, as JSON text, to tell when they no longer match the inputs. */
  const ranWith = invoke.variables ? JSON.stringify(invoke.variables.args) : null;
  const current = mode === "form" ? JSON.stringify(value) : normalised(text);
  const stale = ranWith !== null && current !== ranWith;
  const optional = optionalNames(tool.parameters);
  const gated = Boolean(tool.sideEffecting || tool.requiresApproval);
  const allowed = gated ? canRun.gated : canRun.plain;

  useEffect(() => {
    setValue(skeleton);
    setText(JSON.stringify(skeleton, null, 2));
  }, [skeleton]);

  const switchTo = (next: "form" | "json") => {
    if (next === mode) return;
    if (next === "json") {
      setText(JSON.stringify(value, null, 2));
    } else {
      const parsed = parseArgs(text);
      if (!parsed.ok) return setParseError(parsed.message);
      if (!parsed.value || typeof parsed.value !== "object" || Array.isArray(parsed.value))
        return setParseError("The form needs a JSON object.");
      setValue(parsed.value as Record<string, unknown>);
    }
    setParseError(null);
    setMode(next);
  };

  const run = () => {
    let args: unknown = value;
    if (mode === "json") {
      const parsed = parseArgs(text);
      if (!parsed.ok) {
        // The last outcome is not of these arguments: drop it rather than show it under the error.
        invoke.reset();
        return setParseError(parsed.message);
      }
      args = parsed.value;
    }
    setParseError(null);
    invoke.mutate({ args, version });
  };

  return (
    <div className="test-run" data-testid="test-run-panel">
      <p className="muted small">
        Runs <strong>v{version}</strong> in the sandbox (no conversation: ctx.scope ids are empty, emitted events are
        shown, not stored).
        {dirty ? " Your unsaved edits are not part of it — save to test them." : ""}
      </p>
      <div className="tabs" role="tablist" aria-label="Arguments input">
        <button
          role="tab"
          aria-selected={mode === "json"}
          className={`tab${mode === "json" ? " active" : ""}`}
          onClick={() => switchTo("json")}
        >
          Raw JSON
        </button>
        <button
          role="tab"
          aria-selected={mode === "form"}
          className={`tab${mode === "form" ? " active" : ""}`}
          onClick={() => switchTo("form")}
        >
          Form
        </button>
      </div>
      {mode === "json" ? (
        <>
          <textarea
            className="args-json mono"
            aria-label="Arguments (JSON)"
            data-testid="run-arguments"
            spellCheck={false}
            value={text}
            rows={Math.min(16, Math.max(4, text.split("\n").length + 1))}
            onChange={(e) => setText(e.target.value)}
          />
          {optional.length ? (
            <p className="muted small" data-testid="optional-hint">
              Optional, not sent unless you add them: <span className="mono">{optional.join(", ")}</span> — without one,
              the tool uses its default.
            </p>
          ) : null}
        </>
      ) : (
        <ArgumentForm schema={tool.parameters} value={value} onChange={setValue} />
      )}
      {parseError ? (
        <p className="error" role="alert">
          {parseError}
        </p>
      ) : null}
      <div className="inline-form">
        <button className="btn primary" onClick={run} disabled={!allowed || invoke.isPending} data-testid="run-button">
          {invoke.isPending ? "Running…" : `Run v${version}`}
        </button>
        <button className="btn" onClick={() => (setValue(skeleton), setText(JSON.stringify(skeleton, null, 2)))}>
          Reset arguments
        </button>
        {!allowed ? (
          <span className="muted small">
            {gated
              ? "Test runs of a side-effecting or approval-gated tool need the approver role."
              : "Test runs need the author or operator role."}
          </span>
        ) : null}
      </div>
      {invoke.error ? (
        <p className="error" role="alert">
          {invoke.error.message}
        </p>
      ) : null}
      {invoke.data ? (
        <div className={stale ? "result-stale" : undefined} data-testid="run-outcome" data-stale={stale}>
          {stale ? (
            <p className="pill warn stale-note" role="status" data-testid="run-stale">
              Result of the previous arguments — run again to see these.
            </p>
          ) : null}
          <RunOutcomeView outcome={invoke.data} onShowLine={onShowLine} />
        </div>
      ) : null}
    </div>
  );
}

/** The arguments text as compact JSON (the text itself when it is not JSON). */
function normalised(text: string): string {
  const parsed = parseArgs(text);
  return parsed.ok ? JSON.stringify(parsed.value) : text;
}

function parseArgs(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, message: `The arguments are not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}
