"use client";
/**
 * The agent editor: prompt with preview, conversation context fields, model roster, tools, limits,
 * autonomy, recovery, compaction and runtime. The draft is validated with the route's own body schema (AgentInput)
 * before it is sent, and the server's answer adds the rules that need the database (tools, cycles,
 * a name already taken); every issue is shown beside its field, and all of them in a summary at the top.
 */
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import type { AgentConfig } from "@/lib/agents/agent-input.shared";
import type { AgentView } from "@/lib/agents/agent-view.shared";
import { useCan } from "@/components/shell/viewer-context";
import { checkDraft, fromConfig, type AgentFormState } from "./agent-form-state";
import { ContextSchemaEditor } from "./context-schema-editor";
import { useDeleteAgent, useSaveAgent } from "./agent-queries";
import { savedMessage } from "./agent-version-view";
import { Field, FieldError, IssuesContext } from "./fields";
import { fieldIssues, issuesOf, toFieldKey, type ApiIssue } from "./form-issues";
import { BehaviourEditor, CompactionEditor, LimitsEditor, RuntimeEditor } from "./policy-editor";
import { PromptEditor } from "./prompt-editor";
import { RosterEditor } from "./roster-editor";
import { SwitchModelControl } from "./switch-model-control";
import { ToolPicker } from "./tool-picker";

export function AgentEditor({ initial, agent }: { initial: AgentConfig | AgentView; agent: AgentView | null }) {
  const router = useRouter();
  const canWrite = useCan("author");
  const readOnly = !canWrite;
  const [base, setBase] = useState(() => fromConfig(initial));
  const [state, setState] = useState<AgentFormState>(base);
  const [issues, setIssues] = useState<ApiIssue[]>([]);
  /** What the last save answered ("Saved as v3", "No changes, still v3"); null once edited again. */
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveAgent(agent?.id ?? null);
  const del = useDeleteAgent();
  const dirty = useMemo(() => JSON.stringify(state) !== JSON.stringify(base), [state, base]);
  const fieldMap = useMemo(() => fieldIssues(issues, state.active), [issues, state.active]);
  // A switch (or another tab's save) changes the stored agent: follow it unless there are edits.
  const seen = useRef(agent?.updatedAt);
  useEffect(() => {
    if (!agent || agent.updatedAt === seen.current) return;
    seen.current = agent.updatedAt;
    if (!dirty) {
      const next = fromConfig(agent);
      setBase(next);
      setState(next);
    }
  }, [agent, dirty]);

  const edit = (s: AgentFormState) => {
    setState(s);
    setSaved(null);
  };
  const submit = () => {
    const draft = checkDraft(state);
    if (!draft.ok) {
      setIssues(draft.issues);
      return;
    }
    setIssues([]);
    save.mutate(draft.body, {
      onSuccess: ({ agent: savedAgent }) => {
        const next = fromConfig(savedAgent);
        seen.current = savedAgent.updatedAt;
        setBase(next);
        setState(next);
        setSaved(savedMessage(agent?.version ?? null, savedAgent.version));
        if (!agent) router.push(`/agents/${savedAgent.id}`);
      },
      onError: (err) => setIssues(issuesOf(err)),
    });
  };

  return (
    <IssuesContext.Provider value={fieldMap}>
      <form
        className="agent-editor"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <div className="editor-bar">
          {agent ? (
            <SwitchModelControl
              agent={agent}
              dirty={dirty}
              canSwitch={canWrite}
              onSwitched={() => {
                setIssues([]);
              }}
            />
          ) : (
            <span className="muted">New agent — starts on the offline demo model with the default settings.</span>
          )}
          {canWrite ? (
            <div className="actions">
              {saved && !dirty ? (
                <span className="pill ok" role="status" data-testid="saved-version">
                  {saved}
                </span>
              ) : null}
              {dirty ? <span className="pill warn">Unsaved changes</span> : null}
              {agent ? (
                <button
                  type="button"
                  className="btn"
                  onClick={() => {
                    if (window.confirm(`Delete agent '${agent.name}'? Its conversations are deleted too.`))
                      del.mutate(agent.id, { onSuccess: () => router.push("/agents") });
                  }}
                >
                  Delete
                </button>
              ) : null}
              <button type="submit" className="btn primary" disabled={save.isPending}>
                {save.isPending ? "Saving…" : agent ? "Save" : "Create agent"}
              </button>
            </div>
          ) : (
            <span className="muted">Read-only: editing agents needs the author role.</span>
          )}
        </div>
        {del.error ? (
          <p className="error" role="alert">
            {del.error.message}
          </p>
        ) : null}
        {issues.length ? (
          <div className="issues-summary" role="alert" data-testid="issues-summary">
            <strong>{issues.length === 1 ? "1 problem" : `${issues.length} problems`} to fix before saving:</strong>
            <ul>
              {issues.map((i, k) => (
                <li key={k}>
                  {i.path ? (
                    <span className="mono">{describePath(toFieldKey(i.path, state.active), state)}</span>
                  ) : null}{" "}
                  {i.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <fieldset className="plain" disabled={readOnly}>
          <section className="card" aria-labelledby="general-h">
            <h2 id="general-h">Agent</h2>
            <div className="settings-grid">
              <Field
                label="Name"
                at="name"
                hint="letters, digits, _ and - (it is a tool name when other agents call it)"
              >
                <input
                  aria-label="Name"
                  className="mono"
                  aria-invalid={fieldMap.has("name")}
                  value={state.name}
                  onChange={(e) => edit({ ...state, name: e.target.value })}
                />
              </Field>
              <Field
                label="Description"
                at="description"
                hint="what it does; shown to agents that call it as a tool"
                wide
              >
                <input
                  aria-label="Description"
                  value={state.description}
                  onChange={(e) => edit({ ...state, description: e.target.value })}
                />
              </Field>
            </div>
            <FieldError at="" />
          </section>
          <PromptEditor state={state} setState={edit} readOnly={readOnly} />
          <ContextSchemaEditor state={state} setState={edit} readOnly={readOnly} />
          <RosterEditor state={state} setState={edit} readOnly={readOnly} />
          <ToolPicker state={state} setState={edit} selfId={agent?.id ?? null} readOnly={readOnly} />
          <LimitsEditor state={state} setState={edit} readOnly={readOnly} />
          <BehaviourEditor state={state} setState={edit} readOnly={readOnly} />
          <CompactionEditor state={state} setState={edit} readOnly={readOnly} />
          <RuntimeEditor state={state} setState={edit} readOnly={readOnly} />
        </fieldset>
        {canWrite ? (
          <div className="editor-bar bottom">
            <span />
            <button type="submit" className="btn primary" disabled={save.isPending}>
              {save.isPending ? "Saving…" : agent ? "Save" : "Create agent"}
            </button>
          </div>
        ) : null}
      </form>
    </IssuesContext.Provider>
  );
}

/** "entry.1.temperature" -> "model anthropic:claude… · temperature" for the summary. */
function describePath(key: string, state: AgentFormState): string {
  const parts = key.split(".");
  if (parts[0] === "entry") {
    const e = state.entries[Number(parts[1])];
    const rest = parts.slice(2).join(".");
    return `model ${Number(parts[1]) + 1}${e ? ` (${e.provider}:${e.model})` : ""}${rest ? ` · ${rest}` : ""}:`;
  }
  return `${key}:`;
}
