"use client";
/** The "Suggested prompts" section: up to six messages an empty conversation offers with one click. */
import { MAX_SUGGESTED_PROMPT_CHARS, MAX_SUGGESTED_PROMPTS } from "@/lib/agents/suggested-prompts.shared";
import type { AgentFormState } from "./agent-form-state";
import { FieldError, useIssues } from "./fields";

function PromptRow({
  value,
  index,
  readOnly,
  onChange,
  onRemove,
}: {
  value: string;
  index: number;
  readOnly: boolean;
  onChange: (v: string) => void;
  onRemove: () => void;
}) {
  const at = `suggestedPrompts.${index}`;
  const invalid = useIssues(at).length > 0;
  const length = value.trim().length;
  return (
    <div className="suggested-row" data-field-key={at} data-testid={`suggested-prompt-${index}`}>
      <label className="field">
        <span className="field-label">Suggested prompt {index + 1}</span>
        <input
          aria-invalid={invalid}
          value={value}
          maxLength={MAX_SUGGESTED_PROMPT_CHARS + 50}
          placeholder="e.g. What is the population of Paris?"
          onChange={(e) => onChange(e.target.value)}
        />
        <span className={length > MAX_SUGGESTED_PROMPT_CHARS ? "field-hint warn-text" : "field-hint muted"}>
          {length}/{MAX_SUGGESTED_PROMPT_CHARS} characters
        </span>
        <FieldError at={at} />
      </label>
      {readOnly ? null : (
        <button
          type="button"
          className="btn small"
          onClick={onRemove}
          aria-label={`Remove suggested prompt ${index + 1}`}
        >
          Remove
        </button>
      )}
    </div>
  );
}

export function SuggestedPromptsEditor({
  state,
  setState,
  readOnly,
}: {
  state: AgentFormState;
  setState: (s: AgentFormState) => void;
  readOnly: boolean;
}) {
  const prompts = state.suggestedPrompts;
  const update = (next: string[]) => setState({ ...state, suggestedPrompts: next });
  return (
    <section className="card" aria-labelledby="suggested-h" data-testid="suggested-prompts-editor">
      <h2 id="suggested-h">Suggested prompts</h2>
      <p className="muted">
        Messages a new conversation offers with one click, so a first-time user sees what this agent is for. Up to{" "}
        {MAX_SUGGESTED_PROMPTS}, each at most {MAX_SUGGESTED_PROMPT_CHARS} characters; write them as the user would.
      </p>
      <FieldError at="suggestedPrompts" />
      {prompts.length ? (
        prompts.map((p, i) => (
          <PromptRow
            key={i}
            value={p}
            index={i}
            readOnly={readOnly}
            onChange={(v) => update(prompts.map((x, k) => (k === i ? v : x)))}
            onRemove={() => update(prompts.filter((_, k) => k !== i))}
          />
        ))
      ) : (
        <p className="muted small">No suggested prompts: a new conversation starts with an empty box.</p>
      )}
      {readOnly ? null : (
        <button
          type="button"
          className="btn"
          disabled={prompts.length >= MAX_SUGGESTED_PROMPTS}
          onClick={() => update([...prompts, ""])}
        >
          Add suggested prompt
        </button>
      )}
      {prompts.length >= MAX_SUGGESTED_PROMPTS ? (
        <p className="muted small">That is the most an agent suggests ({MAX_SUGGESTED_PROMPTS}).</p>
      ) : null}
    </section>
  );
}
