"use client";
/** One model config: provider, model and per-model settings, and its flat fallback chain. */
import { useState } from "react";
import { useCan } from "@/components/shell/viewer-context";
import { modelRosterKey, PROVIDER_CHOICES, supportsNativeOutput } from "@/lib/models/providers.shared";
import { blankEntry, type FallbackEntry, type ModelEntry } from "./agent-form-state";
import { Field, FieldError, NumberInput, Select, TextInput, useIssues } from "./fields";
import { describeJsonError, jsonErrorPosition } from "./json-error-position";
import { KeyStatus, ModelNameInput } from "./model-picker";
import { useCatalogProvider } from "./model-queries";

/** The name a provider's model gets when it is picked: the offline ones need none typed. */
const DEFAULT_NAME: Record<string, string> = { demo: "demo", scripted: "scripted" };

const EFFORTS = ["", "low", "medium", "high"] as const;

function Settings<T extends FallbackEntry>({
  value,
  onChange,
  at,
  compact,
}: {
  value: T;
  onChange: (v: T) => void;
  at: string;
  compact?: boolean;
}) {
  const set = <K extends keyof T>(k: K, v: T[K]) => onChange({ ...value, [k]: v });
  const catalog = useCatalogProvider(value.provider, useCan("author"));
  return (
    <div className={compact ? "settings-grid compact" : "settings-grid"}>
      <Field label="Provider" at={`${at}.provider`} hint={compact ? undefined : "who runs the model"}>
        <Select
          label="Provider"
          value={value.provider}
          options={PROVIDER_CHOICES}
          onChange={(p) =>
            onChange({
              ...value,
              provider: p,
              model: DEFAULT_NAME[p] ?? (DEFAULT_NAME[value.provider] ? "" : value.model),
            })
          }
          at={`${at}.provider`}
        />
      </Field>
      {value.provider === "scripted" ? (
        <p className="field muted small nameless-model" data-testid="model-nameless">
          Replays the script below, turn by turn: no model name or key needed.
        </p>
      ) : (
        <Field label="Model" at={`${at}.model`}>
          <ModelNameInput
            provider={value.provider}
            value={value.model}
            onChange={(v) => set("model", v as T["model"])}
            at={`${at}.model`}
            catalog={catalog}
          />
        </Field>
      )}
      {catalog && (catalog.needsKey || catalog.missingSetting) ? (
        <div className="field wide key-status-row">
          <KeyStatus provider={catalog} />
        </div>
      ) : null}
      <Field
        label="Temperature"
        at={`${at}.temperature`}
        hint="0 = focused and repeatable, 2 = most varied; empty = the provider's default"
      >
        <NumberInput
          label="Temperature"
          step="any"
          value={value.temperature}
          onChange={(v) => set("temperature", v as T["temperature"])}
          at={`${at}.temperature`}
          placeholder="default"
        />
      </Field>
      <Field
        label="Max tokens"
        at={`${at}.maxTokens`}
        hint="the longest answer, in tokens; empty = the model's maximum"
      >
        <NumberInput
          label="Max tokens"
          value={value.maxTokens}
          onChange={(v) => set("maxTokens", v as T["maxTokens"])}
          at={`${at}.maxTokens`}
          placeholder="provider max"
        />
      </Field>
      {compact ? null : (
        <>
          <Field
            label="Context length"
            at={`${at}.contextLength`}
            hint="how many tokens the model reads at once; empty turns auto-compaction off"
          >
            <NumberInput
              label="Context length"
              value={value.contextLength}
              onChange={(v) => set("contextLength", v as T["contextLength"])}
              at={`${at}.contextLength`}
              placeholder="unknown"
            />
          </Field>
          <Field
            label="Seed"
            at={`${at}.seed`}
            hint="the same seed gives the same answer, where the provider supports it"
          >
            <NumberInput
              label="Seed"
              value={value.seed}
              onChange={(v) => set("seed", v as T["seed"])}
              at={`${at}.seed`}
              placeholder="none"
            />
          </Field>
          <Field
            label="Reasoning effort"
            at={`${at}.reasoningEffort`}
            hint="how long reasoning models (o1, o3…) think before answering; empty = default"
          >
            <Select
              label="Reasoning effort"
              value={(value.reasoningEffort ?? "") as (typeof EFFORTS)[number]}
              options={EFFORTS}
              onChange={(v) => set("reasoningEffort", (v || null) as T["reasoningEffort"])}
              at={`${at}.reasoningEffort`}
            />
          </Field>
        </>
      )}
      {value.provider === "openai-compatible" ? (
        <Field
          label="Base URL"
          at={`${at}.baseUrl`}
          hint="the address of your OpenAI-compatible server (Ollama, vLLM, LM Studio…)"
          wide
        >
          <TextInput
            label="Base URL"
            className="mono"
            value={value.baseUrl ?? ""}
            onChange={(v) => set("baseUrl", (v || null) as T["baseUrl"])}
            at={`${at}.baseUrl`}
            placeholder="http://127.0.0.1:11434/v1"
          />
        </Field>
      ) : null}
      {value.provider === "scripted" ? <ScriptField value={value} onChange={onChange} at={at} /> : null}
    </div>
  );
}

function ScriptField<T extends FallbackEntry>({
  value,
  onChange,
  at,
}: {
  value: T;
  onChange: (v: T) => void;
  at: string;
}) {
  const [text, setText] = useState(() =>
    typeof value.script === "string" ? value.script : JSON.stringify(value.script ?? [], null, 1),
  );
  const position = jsonErrorPosition(text);
  // The form's own message (after a save) is shown by the field; this one only while typing.
  const reported = useIssues(`${at}.script`).length > 0;
  return (
    <Field
      label="Script (JSON turns)"
      at={`${at}.script`}
      hint='the answers to replay, in order: [{"text": "…"}, {"toolCalls": [{"toolName": "…", "args": {}}]}]'
      wide
    >
      <textarea
        className="mono"
        rows={4}
        aria-label="Script"
        aria-invalid={position !== null || reported}
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          // Invalid JSON is kept as its text: the draft check reports where it breaks.
          onChange({ ...value, script: position ? (text as never) : JSON.parse(text) });
        }}
      />
      {position && !reported ? (
        <span className="field-error" data-testid="script-json-error">
          {describeJsonError(position)}
        </span>
      ) : null}
    </Field>
  );
}

export function ModelEntryEditor({
  entry,
  index,
  count,
  active,
  readOnly,
  onChange,
  onMove,
  onRemove,
  onActivate,
}: {
  entry: ModelEntry;
  index: number;
  count: number;
  active: boolean;
  readOnly: boolean;
  onChange: (e: ModelEntry) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  onActivate: () => void;
}) {
  const at = `entry.${index}`;
  const primaryNative = supportsNativeOutput(entry);
  return (
    <div className={active ? "roster-entry active" : "roster-entry"} data-testid={`roster-entry-${index}`}>
      <div className="roster-entry-head">
        <label className="check">
          <input
            type="radio"
            name="active-model"
            checked={active}
            disabled={readOnly}
            onChange={onActivate}
            aria-label={`Make ${modelRosterKey(entry)} active`}
          />
          {active ? <strong>active</strong> : "set active"}
        </label>
        <span className="mono">{modelRosterKey(entry)}</span>
        <span className={primaryNative ? "pill ok" : "pill"}>
          {primaryNative ? "native structured output" : "prompted structured output"}
        </span>
        {readOnly ? null : (
          <span className="roster-entry-actions">
            <button
              type="button"
              className="btn small"
              disabled={index === 0}
              onClick={() => onMove(-1)}
              aria-label={`Move ${modelRosterKey(entry)} up`}
            >
              ↑
            </button>
            <button
              type="button"
              className="btn small"
              disabled={index === count - 1}
              onClick={() => onMove(1)}
              aria-label={`Move ${modelRosterKey(entry)} down`}
            >
              ↓
            </button>
            <button
              type="button"
              className="btn small"
              disabled={count === 1}
              onClick={onRemove}
              aria-label={`Remove ${modelRosterKey(entry)}`}
            >
              Remove
            </button>
          </span>
        )}
      </div>
      <FieldError at={at} />
      <Settings value={entry} onChange={(v) => onChange(v)} at={at} />
      <div className="fallbacks">
        <h4>
          Fallback chain{" "}
          <span className="muted">— tried in order when this model fails at the API (429, 5xx, auth, timeout)</span>
        </h4>
        <FieldError at={`${at}.fallbackModels`} />
        {entry.fallbackModels.length === 0 ? (
          <p className="muted small">No fallback: a failure ends the request.</p>
        ) : null}
        {entry.fallbackModels.map((fb, j) => (
          <div className="fallback-row" key={j} data-testid={`fallback-${index}-${j}`}>
            <span className="muted">{j + 1}.</span>
            <Settings
              compact
              value={fb}
              at={`${at}.fallbackModels.${j}`}
              onChange={(v) =>
                onChange({ ...entry, fallbackModels: entry.fallbackModels.map((x, k) => (k === j ? v : x)) })
              }
            />
            {supportsNativeOutput(fb) !== primaryNative ? (
              <span className="pill warn">disagrees on structured output</span>
            ) : null}
            <FieldError at={`${at}.fallbackModels.${j}`} />
            {readOnly ? null : (
              <button
                type="button"
                className="btn small"
                onClick={() => onChange({ ...entry, fallbackModels: entry.fallbackModels.filter((_, k) => k !== j) })}
                aria-label={`Remove fallback ${j + 1}`}
              >
                Remove
              </button>
            )}
          </div>
        ))}
        {readOnly ? null : (
          <button
            type="button"
            className="btn small"
            onClick={() => {
              const { fallbackModels: _f, ...fb } = blankEntry(entry.provider === "demo" ? "demo" : entry.provider, "");
              onChange({ ...entry, fallbackModels: [...entry.fallbackModels, fb] });
            }}
          >
            Add fallback
          </button>
        )}
      </div>
    </div>
  );
}
