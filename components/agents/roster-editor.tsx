"use client";
/** The model roster: add, remove, reorder, set active; each entry a whole definition. */
import { blankEntry, type AgentFormState, type ModelEntry } from "./agent-form-state";
import { FieldError } from "./fields";
import { ModelEntryEditor } from "./model-entry-editor";

export function RosterEditor({
  state,
  setState,
  readOnly,
}: {
  state: AgentFormState;
  setState: (s: AgentFormState) => void;
  readOnly: boolean;
}) {
  const { entries, active } = state;
  const update = (next: ModelEntry[], nextActive = active) =>
    setState({ ...state, entries: next, active: Math.min(Math.max(0, nextActive), next.length - 1) });
  return (
    <section className="card" aria-labelledby="models-h">
      <h2 id="models-h">Models</h2>
      <p className="muted">
        One model makes a single-model agent. Several make a <strong>roster</strong>: the active entry answers, and a
        switch installs another entry wholesale (its settings and fallback chain) from the next run. The key is{" "}
        <span className="mono">provider:model</span>.
      </p>
      <FieldError at="roster" />
      {entries.map((e, i) => (
        <ModelEntryEditor
          key={i}
          entry={e}
          index={i}
          count={entries.length}
          active={i === active}
          readOnly={readOnly}
          onChange={(v) => update(entries.map((x, k) => (k === i ? v : x)))}
          onActivate={() => update(entries, i)}
          onRemove={() =>
            update(
              entries.filter((_, k) => k !== i),
              i < active ? active - 1 : i === active ? 0 : active,
            )
          }
          onMove={(d) => {
            const next = [...entries];
            [next[i], next[i + d]] = [next[i + d], next[i]];
            update(next, active === i ? i + d : active === i + d ? i : active);
          }}
        />
      ))}
      {readOnly ? null : (
        <button type="button" className="btn" onClick={() => update([...entries, blankEntry("openai", "")])}>
          Add model to roster
        </button>
      )}
    </section>
  );
}
