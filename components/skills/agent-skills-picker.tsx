"use client";
/**
 * The agent form's Skills section: which skills the agent attaches, picked from the library
 * (studio skills with an active version and directory skills). The model sees each one's name and
 * description and loads it with load_skill; attaching any brings load_skill and read_skill_resource.
 */
import Link from "next/link";
import type { AgentFormState } from "@/components/agents/agent-form-state";
import { FieldError } from "@/components/agents/fields";
import { renderSkillListing } from "@/lib/skills/skill-listing.shared";
import { useSkillList } from "./skill-queries";
import "./skills.css";

export function AgentSkillsPicker({
  state,
  setState,
  readOnly,
}: {
  state: AgentFormState;
  setState: (s: AgentFormState) => void;
  readOnly: boolean;
}) {
  const list = useSkillList();
  // One row per name: the winning skill (studio before directory).
  const available = (list.data?.skills ?? []).filter(
    (s) => !s.overridden && (s.source === "directory" || s.activeVersion !== null),
  );
  const known = new Set(available.map((s) => s.name));
  const missing = state.skills.filter((n) => !known.has(n));
  const toggle = (name: string, on: boolean) =>
    setState({ ...state, skills: on ? [...state.skills, name] : state.skills.filter((n) => n !== name) });
  const attached = state.skills.flatMap((n) => available.filter((s) => s.name === n));
  return (
    <section className="card" aria-labelledby="skills-h" data-testid="agent-skills-picker">
      <h2 id="skills-h">Skills</h2>
      <p className="muted small">
        The model sees each attached skill&apos;s name and description, and loads its instructions with load_skill when
        a task needs them. Manage skills in the <Link href="/skills">Skills library</Link>.
      </p>
      {list.isPending ? <p className="muted">Loading skills…</p> : null}
      {list.isError ? (
        <p className="error" role="alert">
          {list.error.message}
        </p>
      ) : null}
      {list.data && available.length === 0 ? <p className="muted">No skills in the library yet.</p> : null}
      {available.length ? (
        <fieldset disabled={readOnly}>
          <legend className="skill-sr">Attached skills</legend>
          <ul className="skill-picker-list">
            {available.map((s) => (
              <li key={s.name}>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={state.skills.includes(s.name)}
                    onChange={(e) => toggle(s.name, e.target.checked)}
                    data-testid={`attach-skill-${s.name}`}
                  />{" "}
                  <span className="mono">{s.name}</span>{" "}
                  <span className="muted small">
                    ({s.source === "studio" ? `studio v${s.activeVersion}` : "directory"}) — {s.description}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {missing.length ? (
        <p className="field-error">
          Not in the library: {missing.join(", ")}.{" "}
          {readOnly ? null : (
            <button
              type="button"
              className="btn small"
              onClick={() => setState({ ...state, skills: state.skills.filter((n) => known.has(n)) })}
            >
              Detach them
            </button>
          )}
        </p>
      ) : null}
      <FieldError at="skills" />
      {attached.length ? (
        <details>
          <summary>What the model sees</summary>
          <pre className="skill-listing-preview">{renderSkillListing(attached)}</pre>
        </details>
      ) : null}
    </section>
  );
}
