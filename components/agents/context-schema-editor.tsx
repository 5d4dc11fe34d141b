"use client";
/**
 * The "Conversation context" section of the agent editor: the fields a conversation of this agent is
 * started with (name, type, an enum's values, required). The prompt reads them as `{context.name}`;
 * the new-conversation dialog asks for them (lib/agents/README.md, "Conversation context").
 */
import { CONTEXT_FIELD_TYPES, type ContextFieldType } from "@/lib/agents/context-schema.shared";
import type { AgentFormState } from "./agent-form-state";
import { blankContextField, type ContextFieldDraft } from "./context-schema-draft";
import { FieldError, Select, TextInput } from "./fields";
import "./context-schema.css";

export function ContextSchemaEditor({
  state,
  setState,
  readOnly,
}: {
  state: AgentFormState;
  setState: (s: AgentFormState) => void;
  readOnly: boolean;
}) {
  const fields = state.contextFields;
  const update = (next: ContextFieldDraft[]) => setState({ ...state, contextFields: next });
  const edit = (i: number, patch: Partial<ContextFieldDraft>) =>
    update(fields.map((f, k) => (k === i ? { ...f, ...patch } : f)));
  return (
    <section className="card" aria-labelledby="context-h" data-testid="context-schema-editor">
      <h2 id="context-h">Conversation context</h2>
      <p className="muted">
        Values a conversation is started with and keeps for its life (asked for when it starts). The prompt reads them
        as <span className="mono">{"{context.name}"}</span>; tools can be offered by them.
      </p>
      <FieldError at="contextSchema" />
      <FieldError at="contextSchema.fields" />
      {fields.length ? (
        <div className="ctx-fields" role="table" aria-label="Context fields">
          <div className="ctx-row ctx-head" role="row">
            <span role="columnheader">Name</span>
            <span role="columnheader">Type</span>
            <span role="columnheader">Values (enum, comma-separated)</span>
            <span role="columnheader">Required</span>
            <span />
          </div>
          {fields.map((f, i) => {
            const at = `contextSchema.fields.${i}`;
            return (
              <div className="ctx-row" role="row" key={i} data-testid={`context-field-${i}`}>
                <span role="cell">
                  <TextInput
                    className="mono"
                    label={`Context field ${i + 1} name`}
                    at={`${at}.name`}
                    value={f.name}
                    onChange={(name) => edit(i, { name })}
                  />
                  <FieldError at={`${at}.name`} />
                </span>
                <span role="cell">
                  <Select<ContextFieldType>
                    label={`Context field ${i + 1} type`}
                    at={`${at}.type`}
                    value={f.type}
                    options={CONTEXT_FIELD_TYPES}
                    onChange={(type) => edit(i, { type })}
                  />
                </span>
                <span role="cell">
                  {f.type === "enum" ? (
                    <>
                      <TextInput
                        label={`Context field ${i + 1} values`}
                        at={`${at}.values`}
                        placeholder="free, pro, team"
                        value={f.valuesText}
                        onChange={(valuesText) => edit(i, { valuesText })}
                      />
                      <FieldError at={`${at}.values`} />
                    </>
                  ) : (
                    <span className="muted small">—</span>
                  )}
                </span>
                <span role="cell">
                  <label className="check">
                    <input
                      type="checkbox"
                      aria-label={`Context field ${i + 1} required`}
                      checked={f.required}
                      disabled={readOnly}
                      onChange={(e) => edit(i, { required: e.target.checked })}
                    />{" "}
                    required
                  </label>
                </span>
                <span role="cell">
                  {readOnly ? null : (
                    <button
                      type="button"
                      className="btn small"
                      aria-label={`Remove context field ${f.name || i + 1}`}
                      onClick={() => update(fields.filter((_, k) => k !== i))}
                    >
                      Remove
                    </button>
                  )}
                </span>
              </div>
            );
          })}
        </div>
      ) : (
        <p className="muted small" data-testid="context-schema-empty">
          No context fields: conversations start without asking for anything.
        </p>
      )}
      {readOnly ? null : (
        <button type="button" className="btn" onClick={() => update([...fields, blankContextField(fields)])}>
          Add context field
        </button>
      )}
    </section>
  );
}
