"use client";
/** Limits (two tiers), autonomy, limit recovery, compaction and runtime — with the defaults filled in. */
import { PROVIDER_CHOICES } from "@/lib/models/providers.shared";
import { blankEntry, type AgentFormState } from "./agent-form-state";
import { Field, FieldError, NumberInput, Select, TextInput } from "./fields";

type Props = { state: AgentFormState; setState: (s: AgentFormState) => void; readOnly: boolean };

/** A summarizer is a real model: every provider but the scripted test double. */
const SUMMARIZER_PROVIDERS = PROVIDER_CHOICES.filter((p) => p !== "scripted");

const RUN_LIMITS = [
  ["requestLimit", "Requests per run", "safety brake (default 50)"],
  ["toolCallsLimit", "Tool calls per run", ""],
  ["inputTokensLimit", "Input tokens per run", ""],
  ["outputTokensLimit", "Output tokens per run", ""],
  ["totalTokensLimit", "Total tokens per run", ""],
] as const;
const AGENT_LIMITS = [
  ["agentRequestLimit", "Runs over the agent's lifetime", ""],
  ["inputTokensLimit", "Input tokens, lifetime", ""],
  ["outputTokensLimit", "Output tokens, lifetime", ""],
  ["totalTokensLimit", "Total tokens, lifetime", ""],
] as const;

export function LimitsEditor({ state, setState }: Props) {
  return (
    <section className="card" aria-labelledby="limits-h">
      <h2 id="limits-h">Usage limits</h2>
      <p className="muted">
        Empty means no limit. The run tier resets on every run; the agent tier spans every run the agent makes and is
        checked before a run starts (tokens first).
      </p>
      <div className="two-col">
        <div>
          <h3>Run tier</h3>
          <div className="settings-grid">
            {RUN_LIMITS.map(([k, label, hint]) => (
              <Field key={k} label={label} at={`runLimits.${k}`} hint={hint || undefined}>
                <NumberInput
                  label={label}
                  value={state.runLimits[k]}
                  at={`runLimits.${k}`}
                  placeholder="no limit"
                  onChange={(v) => setState({ ...state, runLimits: { ...state.runLimits, [k]: v } })}
                />
              </Field>
            ))}
          </div>
          <FieldError at="runLimits" />
        </div>
        <div>
          <h3>Agent tier (lifetime)</h3>
          <div className="settings-grid">
            {AGENT_LIMITS.map(([k, label]) => (
              <Field key={k} label={label} at={`agentLimits.${k}`}>
                <NumberInput
                  label={label}
                  value={state.agentLimits[k]}
                  at={`agentLimits.${k}`}
                  placeholder="no limit"
                  onChange={(v) => setState({ ...state, agentLimits: { ...state.agentLimits, [k]: v } })}
                />
              </Field>
            ))}
          </div>
          <FieldError at="agentLimits" />
        </div>
      </div>
    </section>
  );
}

const AUTONOMY_HELP = {
  auto: "only tools that require approval pause",
  gated: "every side-effecting call pauses for approval too",
  manual: "every tool call pauses for approval",
} as const;

export function BehaviourEditor({ state, setState, readOnly }: Props) {
  return (
    <section className="card" aria-labelledby="behaviour-h">
      <h2 id="behaviour-h">Autonomy and recovery</h2>
      <div className="two-col">
        <fieldset className="radio-group" disabled={readOnly}>
          <legend>Autonomy</legend>
          {(["auto", "gated", "manual"] as const).map((a) => (
            <label key={a} className="check block">
              <input
                type="radio"
                name="autonomy"
                checked={state.autonomy === a}
                onChange={() => setState({ ...state, autonomy: a })}
              />{" "}
              <strong>{a}</strong> — {AUTONOMY_HELP[a]}
            </label>
          ))}
          <FieldError at="autonomy" />
        </fieldset>
        <fieldset className="radio-group" disabled={readOnly}>
          <legend>When a run-tier limit is hit</legend>
          <label className="check block">
            <input
              type="radio"
              name="recovery"
              checked={state.limitRecovery.policy === "conclude"}
              onChange={() => setState({ ...state, limitRecovery: { ...state.limitRecovery, policy: "conclude" } })}
            />{" "}
            <strong>conclude</strong> — one tool-free answer with what the agent has
          </label>
          <label className="check block">
            <input
              type="radio"
              name="recovery"
              checked={state.limitRecovery.policy === "raise"}
              onChange={() => setState({ ...state, limitRecovery: { ...state.limitRecovery, policy: "raise" } })}
            />{" "}
            <strong>raise</strong> — end the run with a usage-limit error
          </label>
          {state.limitRecovery.policy === "conclude" ? (
            <Field label="Conclusion prompt" at="limitRecovery.reason" hint="empty = the default prompt">
              <textarea
                rows={2}
                aria-label="Conclusion prompt"
                value={state.limitRecovery.reason ?? ""}
                onChange={(e) =>
                  setState({ ...state, limitRecovery: { ...state.limitRecovery, reason: e.target.value || null } })
                }
              />
            </Field>
          ) : null}
        </fieldset>
      </div>
    </section>
  );
}

export function CompactionEditor({ state, setState, readOnly }: Props) {
  const c = state.compaction;
  const set = (next: Partial<typeof c>) => setState({ ...state, compaction: { ...c, ...next } });
  const active = state.entries[state.active];
  const threshold =
    c.autoTrigger && c.strategy !== "none" && active?.contextLength
      ? Math.floor(c.triggerRatio * active.contextLength)
      : null;
  return (
    <section className="card" aria-labelledby="compaction-h">
      <h2 id="compaction-h">Compaction</h2>
      <p className="muted">
        {threshold !== null
          ? `Auto-compaction fires when a request's input reaches ${threshold.toLocaleString("en-US")} tokens (triggerRatio × the active model's contextLength).`
          : "Auto-compaction is off for the active model (no contextLength, autoTrigger off, or strategy none)."}
      </p>
      <div className="settings-grid">
        <Field label="Strategy" at="compaction.strategy">
          <Select
            label="Strategy"
            value={c.strategy}
            options={["summarize", "sliding_window", "none"] as const}
            onChange={(v) => set({ strategy: v })}
            at="compaction.strategy"
          />
        </Field>
        <Field label="Auto-trigger" at="compaction.autoTrigger">
          <label className="check">
            <input
              type="checkbox"
              aria-label="Auto-trigger"
              checked={c.autoTrigger}
              disabled={readOnly}
              onChange={(e) => set({ autoTrigger: e.target.checked })}
            />{" "}
            on
          </label>
        </Field>
        <Field label="Trigger ratio" at="compaction.triggerRatio" hint="0–1 of contextLength">
          <NumberInput
            label="Trigger ratio"
            step="any"
            value={c.triggerRatio}
            at="compaction.triggerRatio"
            onChange={(v) => set({ triggerRatio: v as number })}
          />
        </Field>
        <Field label="Keep recent messages" at="compaction.keepRecentMessages" hint="sliding_window only">
          <NumberInput
            label="Keep recent messages"
            value={c.keepRecentMessages}
            at="compaction.keepRecentMessages"
            onChange={(v) => set({ keepRecentMessages: v as number })}
          />
        </Field>
        <Field label="Summary target tokens" at="compaction.summaryTargetTokens">
          <NumberInput
            label="Summary target tokens"
            value={c.summaryTargetTokens}
            at="compaction.summaryTargetTokens"
            onChange={(v) => set({ summaryTargetTokens: v as number })}
          />
        </Field>
        <Field label="Summarizer prompt version" at="compaction.summarizerPromptVersion">
          <TextInput
            label="Summarizer prompt version"
            value={c.summarizerPromptVersion}
            at="compaction.summarizerPromptVersion"
            onChange={(v) => set({ summarizerPromptVersion: v })}
          />
        </Field>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={c.summaryModel !== null}
          disabled={readOnly}
          onChange={(e) => set({ summaryModel: e.target.checked ? blankEntry("demo") : null })}
        />{" "}
        Pin a summarizer model (otherwise the summarizer follows the active model across switches)
      </label>
      {c.summaryModel ? (
        <div className="settings-grid">
          <Field label="Summarizer provider" at="compaction.summaryModel.provider">
            <Select
              label="Summarizer provider"
              value={c.summaryModel.provider}
              options={SUMMARIZER_PROVIDERS}
              onChange={(v) => set({ summaryModel: { ...c.summaryModel!, provider: v } })}
            />
          </Field>
          <Field label="Summarizer model" at="compaction.summaryModel.model">
            <TextInput
              label="Summarizer model"
              className="mono"
              value={c.summaryModel.model}
              at="compaction.summaryModel.model"
              onChange={(v) => set({ summaryModel: { ...c.summaryModel!, model: v } })}
            />
          </Field>
        </div>
      ) : null}
      <FieldError at="compaction" />
      <FieldError at="compaction.summaryModel" />
    </section>
  );
}

export function RuntimeEditor({ state, setState }: Props) {
  const r = state.runtime;
  const set = (next: Partial<typeof r>) => setState({ ...state, runtime: { ...r, ...next } });
  const http = (next: Partial<typeof r.http>) => set({ http: { ...r.http, ...next } });
  return (
    <section className="card" aria-labelledby="runtime-h">
      <h2 id="runtime-h">Runtime</h2>
      <div className="settings-grid">
        <Field label="Retries" at="runtime.retries" hint="tool failures and output validation">
          <NumberInput
            label="Retries"
            value={r.retries}
            at="runtime.retries"
            onChange={(v) => set({ retries: v as number })}
          />
        </Field>
        <Field label="End strategy" at="runtime.endStrategy" hint="exhaustive runs every call of a step">
          <Select
            label="End strategy"
            value={r.endStrategy}
            options={["exhaustive", "early"] as const}
            onChange={(v) => set({ endStrategy: v })}
            at="runtime.endStrategy"
          />
        </Field>
        <Field label="HTTP timeout (s)" at="runtime.http.timeout">
          <NumberInput
            label="HTTP timeout"
            step="any"
            value={r.http.timeout}
            at="runtime.http.timeout"
            onChange={(v) => http({ timeout: v as number })}
          />
        </Field>
        <Field label="HTTP retries" at="runtime.http.maxRetries" hint="429 and 5xx; never other 4xx">
          <NumberInput
            label="HTTP retries"
            value={r.http.maxRetries}
            at="runtime.http.maxRetries"
            onChange={(v) => http({ maxRetries: v as number })}
          />
        </Field>
        <Field label="Backoff multiplier (s)" at="runtime.http.backoffMultiplier">
          <NumberInput
            label="Backoff multiplier"
            step="any"
            value={r.http.backoffMultiplier}
            at="runtime.http.backoffMultiplier"
            onChange={(v) => http({ backoffMultiplier: v as number })}
          />
        </Field>
        <Field label="Backoff cap (s)" at="runtime.http.backoffMax">
          <NumberInput
            label="Backoff cap"
            step="any"
            value={r.http.backoffMax}
            at="runtime.http.backoffMax"
            onChange={(v) => http({ backoffMax: v as number })}
          />
        </Field>
      </div>
    </section>
  );
}
