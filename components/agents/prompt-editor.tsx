"use client";
/**
 * The system prompt: template, its {placeholder} params, dynamic parts, and a live preview with
 * sample values for the `{context.x}` it reads (typed beside the preview; `<x>` until then).
 */
import { useState } from "react";
import type { AgentFormState } from "./agent-form-state";
import {
  templateContextRefs,
  templateParts,
  templatePlaceholders,
  unclosedPlaceholders,
} from "@/lib/agents/prompt-template-grammar.shared";
import { Field, FieldError } from "./fields";
import "./context-schema.css";

/** The preview's value of each context reference: the sample typed, else `<name>`. */
export function previewContext(refs: readonly string[], samples: Readonly<Record<string, string>>) {
  return Object.fromEntries(refs.map((r) => [r, Object.hasOwn(samples, r) && samples[r] ? samples[r] : `<${r}>`]));
}

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
  const [samples, setSamples] = useState<Record<string, string>>({});
  const refs = templateContextRefs(p.template);
  const unclosed = unclosedPlaceholders(p.template);
  const declared = new Set(state.contextFields.map((f) => f.name.trim()));
  return (
    <section className="card" aria-labelledby="prompt-h">
      <h2 id="prompt-h">System prompt</h2>
      <div className="two-col">
        <div className="stack">
          <Field
            label="Template"
            at="prompt.template"
            hint="what the model is told before every conversation. {name} fills in a parameter below; {context.name} a value the conversation starts with; {{ and }} write literal braces"
          >
            <textarea
              rows={7}
              aria-label="Prompt template"
              aria-describedby={unclosed.length ? "prompt-unclosed" : undefined}
              value={p.template}
              onChange={(e) => set({ template: e.target.value })}
              readOnly={readOnly}
            />
          </Field>
          {unclosed.length ? (
            <p className="field-warning" id="prompt-unclosed" role="note" data-testid="prompt-unclosed">
              ⚠ {unclosed.map((u) => u.text).join(", ")} {unclosed.length === 1 ? "has" : "have"} no closing{" "}
              <span className="mono">{"}"}</span>, so the model sees {unclosed.length === 1 ? "it" : "them"} as written.
              Close {unclosed.length === 1 ? "it" : "each"} (<span className="mono">{`${unclosed[0].text}}`}</span>) to
              fill in a value, or write <span className="mono">{"{{"}</span> for a literal brace.
            </p>
          ) : null}
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
            {templateParts(p.template, p.params, previewContext(refs, samples)).map((part, i) =>
              part.contextRef !== undefined ? (
                declared.has(part.contextRef) ? (
                  <span key={i} className="context-ref" title={`context value ${part.contextRef} (a sample)`}>
                    {part.text}
                  </span>
                ) : (
                  <mark
                    key={i}
                    className="context-ref"
                    title={`${part.contextRef} is not a field of the conversation context: it renders empty`}
                  >
                    {part.text}
                  </mark>
                )
              ) : part.missing ? (
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
          {refs.length ? (
            <fieldset className="params ctx-samples" data-testid="context-samples">
              <legend>Sample context values (preview only)</legend>
              {refs.map((r) => (
                <label className="param-row" key={r}>
                  <span className="mono">{`{context.${r}}`}</span>
                  <input
                    aria-label={`Sample context value ${r}`}
                    value={samples[r] ?? ""}
                    placeholder={`<${r}>`}
                    onChange={(e) => setSamples({ ...samples, [r]: e.target.value })}
                  />
                </label>
              ))}
              {refs.some((r) => !declared.has(r)) ? (
                <span className="field-hint muted" role="note">
                  Not declared under Conversation context (renders empty):{" "}
                  {refs.filter((r) => !declared.has(r)).join(", ")}
                </span>
              ) : null}
            </fieldset>
          ) : null}
        </div>
      </div>
    </section>
  );
}
