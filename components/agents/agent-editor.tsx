"use client";
/**
 * The agent editor: basics, prompt with preview, suggested prompts, conversation context fields,
 * model roster, tools, limits, autonomy, recovery, compaction and runtime — with a sticky list of
 * these sections beside them. The draft is validated with the route's own body schema (AgentInput)
 * before it is sent, and the server's answer adds the rules that need the database (tools,
 * cycles, a name already taken); each field shows its one message, and a summary at the top lists
 * them, each item jumping to its field. Leaving with unsaved changes asks first; Delete lives in
 * the "⋯" menu, away from Save.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import type { AgentConfig } from "@/lib/agents/agent-input.shared";
import type { AgentView } from "@/lib/agents/agent-view.shared";
import { providerNotReady } from "@/lib/models/model-catalog.shared";
import { useUnsavedChanges } from "@/components/shell/unsaved-changes";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import { useCan } from "@/components/shell/viewer-context";
import { AgentActionsMenu } from "./agent-actions-menu";
import { inPageOrder, sectionOf } from "./agent-form-sections";
import { checkDraft, fromConfig, type AgentFormState } from "./agent-form-state";
import { ContextSchemaEditor } from "./context-schema-editor";
import { useSaveAgent } from "./agent-queries";
import { savedMessage } from "./agent-version-view";
import { Field, FieldError, IssuesContext } from "./fields";
import { fieldIssues, issuesOf, summaryItems, type ApiIssue } from "./form-issues";
import { IssuesSummary } from "./issues-summary";
import { PROVIDER_KEYS_HREF } from "./model-picker";
import { useModelCatalog } from "./model-queries";
import { BehaviourEditor, CompactionEditor, LimitsEditor, RuntimeEditor } from "./policy-editor";
import { PromptEditor } from "./prompt-editor";
import { RosterEditor } from "./roster-editor";
import { SectionNav } from "./section-nav";
import { SuggestedPromptsEditor } from "./suggested-prompts-editor";
import { SwitchModelControl } from "./switch-model-control";
import { ToolPicker } from "./tool-picker";
import { ToolModeEditor } from "./tool-mode-editor";
import { AgentSkillsPicker } from "@/components/skills/agent-skills-picker";
import "./agent-form.css";

/** The providers the draft's models use that cannot run yet (no key, or a setting missing), by label. */
function useProvidersNotReady(state: AgentFormState, enabled: boolean): string[] {
  const catalog = useModelCatalog(enabled);
  const used = new Set(state.entries.flatMap((e) => [e.provider, ...e.fallbackModels.map((f) => f.provider)]));
  return (catalog.data?.providers ?? []).filter((p) => used.has(p.id) && providerNotReady(p)).map((p) => p.label);
}

export function AgentEditor({ initial, agent }: { initial: AgentConfig | AgentView; agent: AgentView | null }) {
  const router = useRouter();
  const canWrite = useCan("author");
  const admin = useCan("admin");
  const readOnly = !canWrite;
  const [base, setBase] = useState(() => fromConfig(initial));
  const [state, setState] = useState<AgentFormState>(base);
  const [issues, setIssues] = useState<ApiIssue[]>([]);
  /** Counts failed saves, so the summary takes the focus on each. */
  const [attempt, setAttempt] = useState(0);
  /** What the last save answered ("Saved as v3", "No changes, still v3"); null once edited again. */
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveAgent(agent?.id ?? null);
  const dirty = useMemo(() => JSON.stringify(state) !== JSON.stringify(base), [state, base]);
  const fieldMap = useMemo(() => fieldIssues(issues, state.active), [issues, state.active]);
  const items = useMemo(() => inPageOrder(summaryItems(issues, state.active)), [issues, state.active]);
  const flagged = useMemo(() => new Set(items.map((i) => sectionOf(i.key))), [items]);
  const notReady = useProvidersNotReady(state, canWrite);
  useDocumentTitle(agent ? `Agent ${agent.name}` : "New agent");
  useUnsavedChanges(canWrite && dirty, agent ? `the agent '${agent.name}'` : "the new agent");
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
  const fail = (next: ApiIssue[]) => {
    setIssues(next);
    setAttempt((n) => n + 1);
  };
  const submit = () => {
    const draft = checkDraft(state);
    if (!draft.ok) return fail(draft.issues);
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
      onError: (err) => fail(issuesOf(err)),
    });
  };
  const saveLabel = save.isPending ? "Saving…" : agent ? "Save" : "Create agent";

  return (
    <IssuesContext.Provider value={fieldMap}>
      <form
        className="agent-editor agent-form"
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
              <button type="submit" className="btn primary" disabled={save.isPending}>
                {saveLabel}
              </button>
              {agent ? <AgentActionsMenu agent={agent} /> : null}
            </div>
          ) : (
            <span className="muted">Read-only: editing agents needs the author role.</span>
          )}
        </div>
        {notReady.length ? (
          <div className="key-warning" role="status" data-testid="key-warning">
            <strong>⚠ {notReady.join(", ")} cannot run yet</strong> — no key saved
            {notReady.length === 1 ? "" : " for some"}: saving works, but a conversation with{" "}
            {notReady.length === 1 ? "this model" : "these models"} fails at its first message.{" "}
            {admin ? "Add the key in " : "An admin can add it in "}
            <Link href={PROVIDER_KEYS_HREF}>Settings → Provider keys</Link>.
          </div>
        ) : null}
        <IssuesSummary items={items} entries={state.entries} attempt={attempt} />
        <div className="agent-form-layout">
          <SectionNav flagged={flagged} />
          <fieldset className="plain" disabled={readOnly}>
            <section className="card" aria-labelledby="general-h">
              <h2 id="general-h">Basics</h2>
              <div className="settings-grid">
                <Field
                  label="Name"
                  at="name"
                  hint="letters, digits, _ and - only: other agents call it by this name when they use it as a tool"
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
                  hint="one sentence on what it does: shown in the agents list and to agents that call it as a tool"
                  wide
                >
                  <input
                    aria-label="Description"
                    aria-invalid={fieldMap.has("description")}
                    value={state.description}
                    onChange={(e) => edit({ ...state, description: e.target.value })}
                  />
                </Field>
              </div>
              <FieldError at="" />
            </section>
            <PromptEditor state={state} setState={edit} readOnly={readOnly} />
            <SuggestedPromptsEditor state={state} setState={edit} readOnly={readOnly} />
            <ContextSchemaEditor state={state} setState={edit} readOnly={readOnly} />
            <RosterEditor state={state} setState={edit} readOnly={readOnly} />
            <ToolPicker state={state} setState={edit} selfId={agent?.id ?? null} readOnly={readOnly} />
            <ToolModeEditor state={state} setState={edit} readOnly={readOnly} agent={agent} />
            <AgentSkillsPicker state={state} setState={edit} readOnly={readOnly} />
            <LimitsEditor state={state} setState={edit} readOnly={readOnly} />
            <BehaviourEditor state={state} setState={edit} readOnly={readOnly} />
            <CompactionEditor state={state} setState={edit} readOnly={readOnly} />
            <RuntimeEditor state={state} setState={edit} readOnly={readOnly} />
            {canWrite ? (
              <div className="editor-bar bottom">
                <span className="muted small">Every saved change is a new version; nothing changed, no version.</span>
                <button type="submit" className="btn primary" disabled={save.isPending}>
                  {saveLabel}
                </button>
              </div>
            ) : null}
          </fieldset>
        </div>
      </form>
    </IssuesContext.Provider>
  );
}
