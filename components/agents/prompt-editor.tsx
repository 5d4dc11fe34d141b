"use client";
/** The system prompt: template, its {placeholder} params, dynamic parts, and a live preview. */
import type { AgentFormState } from "./agent-form-state";
import { templateParts, templatePlaceholders } from "@/lib/agents/prompt-template-grammar.shared";
import { Field, FieldError } from "./fields";

export function PromptEditor({
  state,
  setState,
  readOnly,
}: {
  state: AgentFormState;
  setState: (s: AgentFormState) => void;
  readOnly: boolean;
}) {
  const p = state.prompt;
  const set = (next: Partial<AgentFormState["prompt"]>) => setState({ ...state, prompt: { ...p, ...next } });
  const names = [...new Set([...templatePlaceholders(p.template), ...Object.keys(p.params)])];
  return (
    <section className="card" aria-labelledby="prompt-h">
      <h2 id="prompt-h">System prompt</h2>
      <div className="two-col">
        <div className="stack">
          <Field label="Template" at="prompt.template" hint="{name} takes a parameter; {{ and }} write literal braces">
            <textarea
              rows={7}
              aria-label="Prompt template"
              value={p.template}
              onChange={(e) => set({ template: e.target.value })}
              readOnly={readOnly}
            />
          </Field>
          {names.length ? (
            <fieldset className="params">
              <legend>Parameters</legend>
              {names.map((n) => (
                <label className="param-row" key={n}>
                  <span className="mono">{`{${n}}`}</span>
                  <input
                    aria-label={`Parameter ${n}`}
                    value={p.params[n] ?? ""}
                    placeholder="value"
                    readOnly={readOnly}
                    onChange={(e) => set({ params: { ...p.params, [n]: e.target.value } })}
                  />
                  {!readOnly && !templatePlaceholders(p.template).includes(n) ? (
                    <button
                      type="button"
                      className="btn small"
                      onClick={() =>
                        set({ params: Object.fromEntries(Object.entries(p.params).filter(([k]) => k !== n)) })
                      }
                    >
                      Remove
                    </button>
                  ) : null}
                </label>
              ))}
            </fieldset>
          ) : null}
          <FieldError at="prompt.params" />
          <div>
            <label className="check">
              <input
                type="checkbox"
                checked={p.currentDateTime}
                disabled={readOnly}
                onChange={(e) => set({ currentDateTime: e.target.checked })}
              />{" "}
              current date and time
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={p.jsonOutputReminder}
                disabled={readOnly}
                onChange={(e) => set({ jsonOutputReminder: e.target.checked })}
              />{" "}
              JSON-only reminder
            </label>
          </div>
        </div>
        <div>
          <div className="field-label">Preview (what the model receives)</div>
          <pre className="prompt-preview" data-testid="prompt-preview">
            {templateParts(p.template, p.params).map((part, i) =>
              part.missing ? (
                <mark key={i} title="no value for this parameter">
                  {part.text}
                </mark>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
            {p.currentDateTime ? (
              <span className="dynamic">{`\n\nThe current date and time is ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC.`}</span>
            ) : null}
            {p.jsonOutputReminder ? (
              <span className="dynamic">
                {"\n\nAnswer with valid JSON only: no prose before or after it, and no Markdown code fences."}
              </span>
            ) : null}
            {!p.template && !p.currentDateTime && !p.jsonOutputReminder ? (
              <span className="muted">(empty: no system prompt)</span>
            ) : null}
          </pre>
        </div>
      </div>
    </section>
  );
}
