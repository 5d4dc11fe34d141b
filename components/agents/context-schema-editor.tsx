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
import { FieldRowsEditor } from "./field-rows-editor";
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
  return (
    <section className="card" aria-labelledby="context-h" data-testid="context-schema-editor">
      <h2 id="context-h">Conversation context</h2>
      <p className="muted">
        Values a conversation is started with and keeps for its life (asked for when it starts). The prompt reads them
        as <span className="mono">{"{context.name}"}</span>; tools can be offered by them.
      </p>
      <FieldError at="contextSchema" />
      <FieldError at="contextSchema.fields" />
      <FieldRowsEditor<ContextFieldDraft>
        rows={fields}
        update={update}
        readOnly={readOnly}
        rowLabel="Context field"
        classPrefix="ctx"
        testIdPrefix="context-field"
        tableLabel={{ "aria-label": "Context fields" }}
        addLabel="Add context field"
        newRow={blankContextField}
        empty={
          <p className="muted small" data-testid="context-schema-empty">
            No context fields: conversations start without asking for anything.
          </p>
        }
        columns={[
          {
            header: "Name",
            cell: (f, i, edit) => (
              <>
                <TextInput
                  className="mono"
                  label={`Context field ${i + 1} name`}
                  at={`contextSchema.fields.${i}.name`}
                  value={f.name}
                  onChange={(name) => edit({ name })}
                />
                <FieldError at={`contextSchema.fields.${i}.name`} />
              </>
            ),
          },
          {
            header: "Type",
            cell: (f, i, edit) => (
              <Select<ContextFieldType>
                label={`Context field ${i + 1} type`}
                at={`contextSchema.fields.${i}.type`}
                value={f.type}
                options={CONTEXT_FIELD_TYPES}
                onChange={(type) => edit({ type })}
              />
            ),
          },
          {
            header: "Values (enum, comma-separated)",
            cell: (f, i, edit) =>
              f.type === "enum" ? (
                <>
                  <TextInput
                    label={`Context field ${i + 1} values`}
                    at={`contextSchema.fields.${i}.values`}
                    placeholder="free, pro, team"
                    value={f.valuesText}
                    onChange={(valuesText) => edit({ valuesText })}
                  />
                  <FieldError at={`contextSchema.fields.${i}.values`} />
                </>
              ) : (
                <span className="muted small">—</span>
              ),
          },
          {
            header: "Required",
            cell: (f, i, edit) => (
              <label className="check">
                <input
                  type="checkbox"
                  aria-label={`Context field ${i + 1} required`}
                  checked={f.required}
                  disabled={readOnly}
                  onChange={(e) => edit({ required: e.target.checked })}
                />{" "}
                required
              </label>
            ),
          },
        ]}
      />
    </section>
  );
}
