"use client";
/**
 * The editor of one case: its messages (several for a multi-turn case), its expectations (a kind
 * and that kind's fields), and, folded away, its context values and mocks as JSON. Checked with the
 * server's own schema on save; each error is shown beside its field. Unsaved edits are guarded.
 */
import { useId, useMemo, useState, type ReactNode } from "react";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { useUnsavedChanges } from "@/components/shell/unsaved-changes";
import { EXPECTATION_KINDS, type CaseInput, type ExpectationKind } from "@/lib/evals/dataset.shared";
import { caseFromDraft, newExpectationDraft, type CaseDraft, type ExpectationDraft } from "./case-draft";

const KIND_LABELS: Record<ExpectationKind, string> = {
  contains: "Answer contains",
  notContains: "Answer does not contain",
  equals: "Answer equals",
  regex: "Answer matches a pattern",
  jsonSchema: "Answer is JSON matching a schema",
  toolCalled: "Tool is called",
  toolNotCalled: "Tool is not called",
  approvalRequested: "Approval is requested",
  maxRequests: "At most N model requests",
  maxCostNanoUsd: "At most a cost (nano-USD)",
  maxLatencyMs: "At most a latency (ms)",
  judge: "Judge with a rubric",
};

type Errors = Record<string, string>;

function Field({
  label,
  error,
  hint,
  wide,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  wide?: boolean;
  children: (props: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${wide ? " wide" : ""}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": error ? errorId : undefined })}
      {hint ? <span className="field-hint muted">{hint}</span> : null}
      {error ? (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

function ExpectationFields({
  d,
  i,
  errors,
  change,
}: {
  d: ExpectationDraft;
  i: number;
  errors: Errors;
  change: (patch: Partial<ExpectationDraft>) => void;
}) {
  const err = (f: string) => errors[`expect.${i}.${f}`];
  const n = i + 1;
  switch (d.kind) {
    case "contains":
    case "notContains":
    case "equals":
      return (
        <Field label={`Expectation ${n} text`} error={err("value")} hint="Case-sensitive." wide>
          {(p) => <input {...p} value={d.value} onChange={(e) => change({ value: e.target.value })} />}
        </Field>
      );
    case "maxRequests":
    case "maxCostNanoUsd":
    case "maxLatencyMs":
      return (
        <Field label={`Expectation ${n} limit`} error={err("value")}>
          {(p) => (
            <input {...p} inputMode="numeric" value={d.value} onChange={(e) => change({ value: e.target.value })} />
          )}
        </Field>
      );
    case "regex":
      return (
        <>
          <Field label={`Expectation ${n} pattern`} error={err("pattern")}>
            {(p) => (
              <input {...p} className="mono" value={d.pattern} onChange={(e) => change({ pattern: e.target.value })} />
            )}
          </Field>
          <Field label={`Expectation ${n} flags`} error={err("flags")} hint="e.g. i">
            {(p) => <input {...p} size={4} value={d.flags} onChange={(e) => change({ flags: e.target.value })} />}
          </Field>
        </>
      );
    case "jsonSchema":
      return (
        <Field label={`Expectation ${n} JSON Schema`} error={err("schema")} wide>
          {(p) => (
            <textarea
              {...p}
              className="mono"
              rows={5}
              value={d.schema}
              placeholder='{"type": "object", "required": ["city"]}'
              onChange={(e) => change({ schema: e.target.value })}
            />
          )}
        </Field>
      );
    case "toolCalled":
      return (
        <>
          <Field label={`Expectation ${n} tool`} error={err("name")}>
            {(p) => <input {...p} className="mono" value={d.name} onChange={(e) => change({ name: e.target.value })} />}
          </Field>
          <Field
            label={`Expectation ${n} arguments (JSON, optional)`}
            error={err("args")}
            hint="Each key listed must be equal; others are ignored."
            wide
          >
            {(p) => (
              <textarea
                {...p}
                className="mono"
                rows={2}
                value={d.args}
                placeholder='{"status": "open"}'
                onChange={(e) => change({ args: e.target.value })}
              />
            )}
          </Field>
        </>
      );
    case "toolNotCalled":
      return (
        <Field label={`Expectation ${n} tool`} error={err("name")}>
          {(p) => <input {...p} className="mono" value={d.name} onChange={(e) => change({ name: e.target.value })} />}
        </Field>
      );
    case "approvalRequested":
      return (
        <>
          <Field label={`Expectation ${n} tool`} error={err("tool")}>
            {(p) => <input {...p} className="mono" value={d.tool} onChange={(e) => change({ tool: e.target.value })} />}
          </Field>
          <Field label={`Expectation ${n} answer`} error={err("answer")}>
            {(p) => (
              <select
                {...p}
                value={d.answer}
                onChange={(e) => change({ answer: e.target.value as ExpectationDraft["answer"] })}
              >
                <option value="approve">approve</option>
                <option value="deny">deny</option>
              </select>
            )}
          </Field>
        </>
      );
    case "judge":
      return (
        <>
          <Field label={`Expectation ${n} rubric`} error={err("rubric")} wide>
            {(p) => <textarea {...p} rows={3} value={d.rubric} onChange={(e) => change({ rubric: e.target.value })} />}
          </Field>
          <Field label={`Expectation ${n} judge model (optional)`} error={err("model")} hint="provider:model">
            {(p) => (
              <input {...p} className="mono" value={d.model} onChange={(e) => change({ model: e.target.value })} />
            )}
          </Field>
          <Field label={`Expectation ${n} pass at`} error={err("passAt")} hint="0–1, default 0.7">
            {(p) => (
              <input
                {...p}
                size={5}
                inputMode="decimal"
                value={d.passAt}
                onChange={(e) => change({ passAt: e.target.value })}
              />
            )}
          </Field>
        </>
      );
  }
}

export function CaseEditor({
  initial,
  title,
  saving,
  saveError,
  onSave,
  onCancel,
}: {
  initial: CaseDraft;
  title: string;
  saving: boolean;
  saveError: string | null;
  onSave: (c: CaseInput) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<CaseDraft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const start = useMemo(() => JSON.stringify(initial), [initial]);
  const dirty = JSON.stringify(draft) !== start;
  useUnsavedChanges(dirty, title);
  const [advanced, setAdvanced] = useState(Boolean(initial.context || initial.mocks));
  const confirm = useConfirm();
  const cancel = async () => {
    if (
      !dirty ||
      (await confirm({
        title: "Discard your changes?",
        message: `The changes to ${title.toLowerCase()} are not saved.`,
        confirmLabel: "Discard",
        tone: "danger",
      }))
    )
      onCancel();
  };

  const setMessage = (i: number, text: string) =>
    setDraft((d) => ({ ...d, messages: d.messages.map((m, j) => (j === i ? text : m)) }));
  const changeExpectation = (key: number, patch: Partial<ExpectationDraft>) =>
    setDraft((d) => ({ ...d, expect: d.expect.map((e) => (e.key === key ? { ...e, ...patch } : e)) }));

  const submit = () => {
    const result = caseFromDraft(draft);
    if (result.errors) {
      setErrors(result.errors);
      if (result.errors.context || result.errors.mocks) setAdvanced(true);
      return;
    }
    setErrors({});
    onSave(result.case);
  };

  const errorCount = Object.keys(errors).length;
  return (
    <form
      className="case-editor card"
      aria-label={title}
      data-testid="case-editor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3>{title}</h3>
      <fieldset>
        <legend>Messages</legend>
        <p className="muted small">The user&apos;s message; add more for a multi-turn case (one turn each).</p>
        {draft.messages.map((m, i) => (
          <div key={i} className="case-message-row">
            <Field label={`Message ${i + 1}`} error={errors[`messages.${i}`]} wide>
              {(p) => <textarea {...p} rows={2} value={m} onChange={(e) => setMessage(i, e.target.value)} />}
            </Field>
            {draft.messages.length > 1 ? (
              <button
                type="button"
                className="btn small"
                aria-label={`Remove message ${i + 1}`}
                onClick={() => setDraft((d) => ({ ...d, messages: d.messages.filter((_, j) => j !== i) }))}
              >
                Remove
              </button>
            ) : null}
          </div>
        ))}
        {errors.messages ? <p className="field-error">{errors.messages}</p> : null}
        <button
          type="button"
          className="btn small"
          onClick={() => setDraft((d) => ({ ...d, messages: [...d.messages, ""] }))}
        >
          Add a turn
        </button>
      </fieldset>

      <fieldset>
        <legend>Expectations</legend>
        {draft.expect.length === 0 ? <p className="muted small">No expectations yet.</p> : null}
        {draft.expect.map((e, i) => (
          <div key={e.key} className="expectation-row" data-testid={`expectation-row-${i}`}>
            <Field label={`Expectation ${i + 1} kind`} error={errors[`expect.${i}.kind`] ?? errors[`expect.${i}`]}>
              {(p) => (
                <select
                  {...p}
                  value={e.kind}
                  onChange={(ev) =>
                    changeExpectation(e.key, { ...newExpectationDraft(ev.target.value as ExpectationKind), key: e.key })
                  }
                >
                  {EXPECTATION_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {KIND_LABELS[k]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <ExpectationFields d={e} i={i} errors={errors} change={(patch) => changeExpectation(e.key, patch)} />
            <button
              type="button"
              className="btn small expectation-remove"
              aria-label={`Remove expectation ${i + 1}`}
              onClick={() => setDraft((d) => ({ ...d, expect: d.expect.filter((x) => x.key !== e.key) }))}
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn small"
          onClick={() => setDraft((d) => ({ ...d, expect: [...d.expect, newExpectationDraft()] }))}
        >
          Add an expectation
        </button>
      </fieldset>

      <details open={advanced} onToggle={(e) => setAdvanced((e.target as HTMLDetailsElement).open)}>
        <summary>Context values and mocks (JSON)</summary>
        <div className="case-advanced">
          <Field label="Context values" error={errors.context} hint='An object, e.g. {"tier": "gold"}' wide>
            {(p) => (
              <textarea
                {...p}
                className="mono"
                rows={3}
                value={draft.context}
                onChange={(e) => setDraft((d) => ({ ...d, context: e.target.value }))}
              />
            )}
          </Field>
          <Field
            label="Mocks"
            error={errors.mocks ?? Object.entries(errors).find(([k]) => k.startsWith("mocks."))?.[1]}
            hint='A list: [{"tool": "search_orders", "args": {"status": "open"}, "result": []}]'
            wide
          >
            {(p) => (
              <textarea
                {...p}
                className="mono"
                rows={4}
                value={draft.mocks}
                onChange={(e) => setDraft((d) => ({ ...d, mocks: e.target.value }))}
              />
            )}
          </Field>
        </div>
      </details>

      <div className="inline-form">
        <button type="submit" className="btn primary" disabled={saving}>
          {saving ? "Saving…" : "Save case"}
        </button>
        <button type="button" className="btn" onClick={() => void cancel()}>
          Cancel
        </button>
        {errorCount > 0 ? (
          <span className="field-error" role="alert">
            {errorCount === 1 ? "1 field needs attention." : `${errorCount} fields need attention.`}
          </span>
        ) : null}
      </div>
      {saveError ? (
        <p className="error" role="alert">
          {saveError}
        </p>
      ) : null}
    </form>
  );
}
