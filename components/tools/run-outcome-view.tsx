"use client";
/** The outcome of a test run: the result, or the error with its fields; duration, logs, events. */
import type { ToolCallError, ToolCallOutcome } from "@/lib/tools/tool-call-outcome.shared";
import { JsonBlock } from "./tool-preview-panel";

export function RunOutcomeView({ outcome, onShowLine }: { outcome: ToolCallOutcome; onShowLine(line: number): void }) {
  return (
    <div className="run-outcome" data-testid="run-outcome" data-ok={outcome.ok ? "true" : "false"}>
      <div className="run-outcome-head">
        {outcome.ok ? <span className="pill ok">ok</span> : <span className="pill danger">{outcome.error.type}</span>}
        <span className="muted small" data-testid="run-duration">
          {outcome.durationMs.toFixed(1)} ms
        </span>
      </div>
      {outcome.ok ? (
        <>
          <span className="preview-label">Result</span>
          <JsonBlock testId="run-result" value={outcome.result} />
        </>
      ) : (
        <RunErrorView error={outcome.error} onShowLine={onShowLine} />
      )}
      <span className="preview-label">Logs ({outcome.logs.length})</span>
      {outcome.logs.length ? (
        <ol className="run-logs mono" data-testid="run-logs">
          {outcome.logs.map((l, i) => (
            <li key={i} className={`log-${l.level}`}>
              <span className="log-level">{l.level}</span> {l.message}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted small">Nothing logged.</p>
      )}
      <span className="preview-label">Emitted events ({outcome.events.length})</span>
      {outcome.events.length ? (
        <ol className="run-logs mono" data-testid="run-events">
          {outcome.events.map((e) => (
            <li key={e.seq}>
              #{e.seq} {JSON.stringify(e.payload)}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted small">No ctx.emit events.</p>
      )}
    </div>
  );
}

function RunErrorView({ error, onShowLine }: { error: ToolCallError; onShowLine(line: number): void }) {
  const fields: Array<[string, string]> = [];
  if (error.missing?.length) fields.push(["missing", error.missing.join(", ")]);
  if (error.unexpected?.length) fields.push(["unexpected", error.unexpected.join(", ")]);
  if (error.accepted) fields.push(["accepted", error.accepted.length ? error.accepted.join(", ") : "(none)"]);
  if (error.expected) fields.push(["expected", error.expected]);
  if (error.errorName) fields.push(["thrown", error.errorName]);
  if (error.limit) fields.push(["limit", error.limit]);
  return (
    <div className="run-error" role="alert" data-testid="run-error">
      <p className="run-error-message">{error.message}</p>
      <dl className="facts small" data-testid="run-error-fields">
        {fields.map(([k, v]) => (
          <FieldRow key={k} name={k} value={v} />
        ))}
        {error.invalid?.length ? (
          <>
            <dt>invalid</dt>
            <dd>
              <ul className="plain-list">
                {error.invalid.map(([name, why]) => (
                  <li key={name}>
                    <span className="mono">{name}</span>: {why}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {error.problems?.length ? (
          <>
            <dt>problems</dt>
            <dd>
              <ul className="plain-list">
                {error.problems.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {error.line ? (
          <>
            <dt>source line</dt>
            <dd>
              <button
                type="button"
                className="link-button dark"
                onClick={() => onShowLine(error.line!)}
                data-testid="run-error-line"
              >
                line {error.line}
              </button>
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

function FieldRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd className="mono" data-field={name}>
        {value}
      </dd>
    </>
  );
}
