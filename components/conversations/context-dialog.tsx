"use client";
/**
 * Asks for a conversation's context values before it starts (the version's context schema has
 * fields): one input per field — text, number, a choice for an enum or a boolean — checked with the
 * route's rules before sending; the route's own refusals land on their fields too.
 */
import { useState } from "react";
import { useModalDialog } from "@/components/shell/use-modal-dialog";
import type { ContextField, ContextSchema, ContextValues } from "@/lib/agents/context-schema.shared";
import { contextFromDraft, emptyContextDraft, type ContextDraft } from "./context-form";
import "./conversation-context.css";

export function ContextDialog({
  schema,
  version,
  busy,
  serverIssues,
  error,
  onStart,
  onCancel,
}: {
  schema: ContextSchema;
  version: number;
  busy: boolean;
  /** The route's issues by field name (its 400 `context.<field>`). */
  serverIssues: Record<string, string>;
  /** Any other refusal. */
  error: string | null;
  onStart(values: ContextValues): void;
  onCancel(): void;
}) {
  const ref = useModalDialog();
  const [draft, setDraft] = useState<ContextDraft>(() => emptyContextDraft(schema));
  const [issues, setIssues] = useState<Record<string, string>>({});
  /** Fields edited since the route answered: its issue about them is stale. */
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const shown = {
    ...Object.fromEntries(Object.entries(serverIssues).filter(([name]) => !edited.has(name))),
    ...issues,
  };
  const edit = (name: string, value: string) => {
    setDraft({ ...draft, [name]: value });
    setEdited(new Set([...edited, name]));
    if (issues[name]) setIssues(Object.fromEntries(Object.entries(issues).filter(([k]) => k !== name)));
  };
  const submit = () => {
    setEdited(new Set());
    const r = contextFromDraft(schema, draft);
    if (!r.ok) {
      setIssues(r.issues);
      return;
    }
    setIssues({});
    onStart(r.values);
  };
  return (
    <dialog
      ref={ref}
      className="ctx-dialog"
      aria-labelledby="ctx-dialog-h"
      data-testid="context-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <form
        method="dialog"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h2 id="ctx-dialog-h">Conversation context</h2>
        <p className="muted small">
          Starts on v{version}. These values stay fixed for the conversation; the agent&apos;s prompt and tools read
          them.
        </p>
        <div className="ctx-dialog-fields">
          {schema.fields.map((f) => (
            <label className="field" key={f.name}>
              <span className="field-label">
                <span className="mono">{f.name}</span> <span className="muted">({f.type})</span>
                {f.required ? <span className="ctx-required"> required</span> : null}
              </span>
              <FieldInput
                field={f}
                value={draft[f.name] ?? ""}
                invalid={Boolean(shown[f.name])}
                onChange={(v) => edit(f.name, v)}
              />
              {shown[f.name] ? (
                <span className="field-error" role="alert" data-field={`context.${f.name}`}>
                  {shown[f.name]}
                </span>
              ) : null}
            </label>
          ))}
        </div>
        {error ? (
          <p className="error small" role="alert">
            {error}
          </p>
        ) : null}
        <div className="ctx-dialog-actions">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn primary" disabled={busy}>
            {busy ? "Starting…" : "Start conversation"}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function FieldInput({
  field,
  value,
  invalid,
  onChange,
}: {
  field: ContextField;
  value: string;
  invalid: boolean;
  onChange(v: string): void;
}) {
  const label = `Context ${field.name}`;
  if (field.type === "enum" || field.type === "boolean") {
    const options = field.type === "enum" ? (field.values ?? []) : ["true", "false"];
    return (
      <select aria-label={label} aria-invalid={invalid} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{field.required ? "— choose —" : "— not given —"}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      type={field.type === "number" ? "number" : "text"}
      step={field.type === "number" ? "any" : undefined}
      aria-label={label}
      aria-invalid={invalid}
      value={value}
      placeholder={field.required ? "" : "not given"}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
