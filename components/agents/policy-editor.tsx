"use client";
/** Limits (two tiers), autonomy, limit recovery, compaction and runtime — with the defaults filled in. */
import { PROVIDER_CHOICES } from "@/lib/models/providers.shared";
import { blankEntry, type AgentFormState } from "./agent-form-state";
import { Field, FieldError, NumberInput, Select, TextInput } from "./fields";

type Props = { state: AgentFormState; setState: (s: AgentFormState) => void; readOnly: boolean };

/** A summarizer is a real model: every provider but the scripted test double. */
const SUMMARIZER_PROVIDERS = PROVIDER_CHOICES.filter((p) => p !== "scripted");

const RUN_LIMITS = [
  ["requestLimit", "Requests per run", "model calls one answer may take; a safety brake (default 50)"],
  ["toolCallsLimit", "Tool calls per run", "tool calls one answer may make"],
  ["inputTokensLimit", "Input tokens per run", "tokens sent to the model for one answer"],
  ["outputTokensLimit", "Output tokens per run", "tokens the model may write for one answer"],
  ["totalTokensLimit", "Total tokens per run", "input and output together, for one answer"],
] as const;
const AGENT_LIMITS = [
  ["agentRequestLimit", "Runs over the agent's lifetime", "answers the agent may give, ever, across conversations"],
  ["inputTokensLimit", "Input tokens, lifetime", "all the tokens it may ever send to models"],
  ["outputTokensLimit", "Output tokens, lifetime", "all the tokens models may ever write for it"],
  ["totalTokensLimit", "Total tokens, lifetime", "input and output together, ever"],
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
            {AGENT_LIMITS.map(([k, label, hint]) => (
              <Field key={k} label={label} at={`agentLimits.${k}`} hint={hint}>
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
      <p className="muted">
        How freely the agent calls its tools, and what happens when a run reaches one of its per-run limits.
      </p>
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
            <Field
              label="Conclusion prompt"
              at="limitRecovery.reason"
              hint="what the agent is asked when a limit stops it; empty = the default wording"
            >
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
        <Field
          label="Strategy"
          at="compaction.strategy"
          hint="how a long conversation is shortened: summarize old messages, drop them, or never"
        >
          <Select
            label="Strategy"
            value={c.strategy}
            options={["summarize", "sliding_window", "none"] as const}
            onChange={(v) => set({ strategy: v })}
            at="compaction.strategy"
          />
        </Field>
        <Field label="Auto-trigger" at="compaction.autoTrigger" hint="shorten by itself when the context fills up">
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
        <Field
          label="Trigger ratio"
          at="compaction.triggerRatio"
          hint="how full the context gets before it shortens, 0–1 (0.85 = 85%)"
        >
          <NumberInput
            label="Trigger ratio"
            step="any"
            value={c.triggerRatio}
            at="compaction.triggerRatio"
            onChange={(v) => set({ triggerRatio: v as number })}
          />
        </Field>
        <Field
          label="Keep recent messages"
          at="compaction.keepRecentMessages"
          hint="the newest messages kept word for word when shortening"
        >
          <NumberInput
            label="Keep recent messages"
            value={c.keepRecentMessages}
            at="compaction.keepRecentMessages"
            onChange={(v) => set({ keepRecentMessages: v as number })}
          />
        </Field>
        <Field
          label="Summary target tokens"
          at="compaction.summaryTargetTokens"
          hint="about how long the summary of older messages should be"
        >
          <NumberInput
            label="Summary target tokens"
            value={c.summaryTargetTokens}
            at="compaction.summaryTargetTokens"
            onChange={(v) => set({ summaryTargetTokens: v as number })}
          />
        </Field>
        <Field
          label="Summarizer prompt version"
          at="compaction.summarizerPromptVersion"
          hint="which built-in summarizing instructions to use (v1)"
        >
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
          <Field
            label="Summarizer provider"
            at="compaction.summaryModel.provider"
            hint="who runs the model that writes summaries"
          >
            <Select
              label="Summarizer provider"
              value={c.summaryModel.provider}
              options={SUMMARIZER_PROVIDERS}
              onChange={(v) => set({ summaryModel: { ...c.summaryModel!, provider: v } })}
            />
          </Field>
          <Field label="Summarizer model" at="compaction.summaryModel.model" hint="the model's name at that provider">
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
      <p className="muted">Retries and timeouts; the defaults suit most agents.</p>
      <div className="settings-grid">
        <Field
          label="Retries"
          at="runtime.retries"
          hint="how often the model may try again after a failed tool call or a badly shaped answer"
        >
          <NumberInput
            label="Retries"
            value={r.retries}
            at="runtime.retries"
            onChange={(v) => set({ retries: v as number })}
          />
        </Field>
        <Field
          label="End strategy"
          at="runtime.endStrategy"
          hint="exhaustive: run every tool call the model asked for; early: stop at the final answer"
        >
          <Select
            label="End strategy"
            value={r.endStrategy}
            options={["exhaustive", "early"] as const}
            onChange={(v) => set({ endStrategy: v })}
            at="runtime.endStrategy"
          />
        </Field>
        <Field label="HTTP timeout (s)" at="runtime.http.timeout" hint="how long to wait for the provider per attempt">
          <NumberInput
            label="HTTP timeout"
            step="any"
            value={r.http.timeout}
            at="runtime.http.timeout"
            onChange={(v) => http({ timeout: v as number })}
          />
        </Field>
        <Field
          label="HTTP retries"
          at="runtime.http.maxRetries"
          hint="attempts again when the provider is busy or failing (429, 5xx); never on other errors"
        >
          <NumberInput
            label="HTTP retries"
            value={r.http.maxRetries}
            at="runtime.http.maxRetries"
            onChange={(v) => http({ maxRetries: v as number })}
          />
        </Field>
        <Field
          label="Backoff multiplier (s)"
          at="runtime.http.backoffMultiplier"
          hint="the first wait between retries; each next one doubles"
        >
          <NumberInput
            label="Backoff multiplier"
            step="any"
            value={r.http.backoffMultiplier}
            at="runtime.http.backoffMultiplier"
            onChange={(v) => http({ backoffMultiplier: v as number })}
          />
        </Field>
        <Field label="Backoff cap (s)" at="runtime.http.backoffMax" hint="the longest wait between two retries">
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
