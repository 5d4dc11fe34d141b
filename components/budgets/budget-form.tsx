"use client";
/**
 * Creating or changing a budget (admin): its scope — the workspace, or an agent, user or API token
 * picked by name — its window, a cost limit typed in dollars (converted to nano-USD exactly) and/or
 * a token limit, and its alert thresholds in percent. Errors show beside the field they are about,
 * whether the form or the server found them.
 */
import { useId, useState } from "react";
import { ApiClientError } from "@/components/api/api-client";
import { useUnsavedChanges } from "@/components/shell/unsaved-changes";
import { nanoUsdToUsd, usdToNanoUsd } from "@/lib/budgets/budget-money.shared";
import {
  BudgetInput,
  DEFAULT_ALERT_AT,
  type BudgetScope,
  type BudgetView,
  type BudgetWindow,
} from "@/lib/budgets/budget-views.shared";
import { useBudgetScopes, useSaveBudget } from "./budget-queries";

type Field = "scopeId" | "window" | "maxCostNanoUsd" | "maxTotalTokens" | "alertAt" | "form";

interface Draft {
  scope: BudgetScope;
  scopeId: string;
  window: BudgetWindow;
  cost: string;
  tokens: string;
  alertAt: string;
}

function draftOf(b: BudgetView | null): Draft {
  return {
    scope: b?.scope ?? "agent",
    scopeId: b?.scopeId ?? "",
    window: b?.window ?? "month",
    cost: b?.maxCostNanoUsd != null ? nanoUsdToUsd(b.maxCostNanoUsd) : "",
    tokens: b?.maxTotalTokens != null ? String(b.maxTotalTokens) : "",
    alertAt: (b?.alertAt ?? DEFAULT_ALERT_AT).map((f) => String(Math.round(f * 10000) / 100)).join(", "),
  };
}

/** The draft as a request body, or the errors by field. */
function parseDraft(d: Draft): { body: BudgetInput } | { errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  let maxCostNanoUsd: number | null = null;
  if (d.cost.trim()) {
    maxCostNanoUsd = usdToNanoUsd(d.cost);
    if (maxCostNanoUsd === null || maxCostNanoUsd === 0)
      errors.maxCostNanoUsd = "An amount of dollars above zero, e.g. 25 or 0.50 (at most 9 decimals).";
  }
  let maxTotalTokens: number | null = null;
  if (d.tokens.trim()) {
    maxTotalTokens = /^\d+$/.test(d.tokens.trim().replace(/,/g, "")) ? Number(d.tokens.trim().replace(/,/g, "")) : NaN;
    if (!Number.isSafeInteger(maxTotalTokens) || maxTotalTokens <= 0)
      errors.maxTotalTokens = "A whole number of tokens above zero.";
  }
  if (!d.cost.trim() && !d.tokens.trim()) errors.maxCostNanoUsd = "Set a cost limit, a token limit or both.";
  const parts = d.alertAt
    .split(",")
    .map((s) => s.trim().replace(/%$/, ""))
    .filter(Boolean);
  const alertAt = parts.map((p) => Number(p) / 100);
  if (parts.some((p) => !/^\d+(\.\d+)?$/.test(p)))
    errors.alertAt = "Percentages separated by commas, e.g. 50, 80, 100.";
  if (d.scope !== "workspace" && !d.scopeId) errors.scopeId = "Pick one.";
  if (Object.keys(errors).length) return { errors };
  const parsed = BudgetInput.safeParse({
    scope: d.scope,
    scopeId: d.scope === "workspace" ? null : d.scopeId,
    window: d.window,
    maxCostNanoUsd,
    maxTotalTokens,
    alertAt,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = (issue.path[0] as Field) ?? "form";
      errors[field] ??=
        field === "alertAt" ? "Each between 0 and 100 (above 0), increasing, each once." : issue.message;
    }
    return { errors };
  }
  return {
    body: {
      scope: d.scope,
      scopeId: d.scope === "workspace" ? null : d.scopeId,
      window: d.window,
      maxCostNanoUsd,
      maxTotalTokens,
      alertAt,
    },
  };
}

/** The server's 400 as errors by field (`issues[].path` of a validation error, or `field`). */
function serverErrors(err: unknown): Partial<Record<Field, string>> {
  if (!(err instanceof ApiClientError)) return { form: err instanceof Error ? err.message : String(err) };
  const e = (err.body as { error?: { field?: string; issues?: Array<{ path: string; message: string }> } })?.error;
  const out: Partial<Record<Field, string>> = {};
  for (const i of e?.issues ?? []) out[(i.path.split(".")[0] || "form") as Field] ??= i.message;
  if (e?.field) out[e.field as Field] ??= err.message;
  if (!Object.keys(out).length) out.form = err.message;
  return out;
}

const SCOPE_LABEL: Record<BudgetScope, string> = {
  workspace: "The whole workspace",
  agent: "An agent",
  user: "A user",
  apiToken: "An API token",
};

export function BudgetForm({ existing, onDone }: { existing: BudgetView | null; onDone: () => void }) {
  const initial = draftOf(existing);
  const [d, setD] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSaveBudget();
  const scopes = useBudgetScopes();
  const id = useId();
  const dirty = JSON.stringify(d) !== JSON.stringify(initial);
  useUnsavedChanges(dirty, existing ? "the budget being edited" : "the new budget");
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseDraft(d);
    if ("errors" in parsed) return setErrors(parsed.errors);
    setErrors({});
    try {
      await save.mutateAsync({ id: existing?.id ?? null, body: parsed.body });
      onDone();
    } catch (err) {
      setErrors(serverErrors(err));
    }
  };
  const choices =
    d.scope === "agent"
      ? (scopes.data?.agents ?? []).map((a) => ({ id: a.id, label: a.name }))
      : d.scope === "user"
        ? (scopes.data?.users ?? []).map((u) => ({ id: u.id, label: `${u.name} (${u.email})` }))
        : d.scope === "apiToken"
          ? (scopes.data?.tokens ?? []).map((t) => ({
              id: t.id,
              label: `${t.name} — ${t.owner}, ${t.hint}${t.revoked ? " (revoked)" : ""}`,
            }))
          : [];
  const err = (f: Field) =>
    errors[f] ? (
      <span className="field-error" id={`${id}-${f}-error`} role="alert">
        {errors[f]}
      </span>
    ) : null;
  const described = (f: Field, hint?: string) => ({
    "aria-invalid": errors[f] ? true : undefined,
    "aria-describedby": [errors[f] ? `${id}-${f}-error` : null, hint].filter(Boolean).join(" ") || undefined,
  });
  return (
    <form className="budget-form" onSubmit={submit} noValidate data-testid="budget-form">
      <h3>{existing ? "Edit budget" : "New budget"}</h3>
      <div className="row">
        <label>
          Applies to
          <select
            value={d.scope}
            onChange={(e) => set({ scope: e.target.value as BudgetScope, scopeId: "" })}
            data-testid="budget-scope"
          >
            {(Object.keys(SCOPE_LABEL) as BudgetScope[]).map((s) => (
              <option key={s} value={s}>
                {SCOPE_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        {d.scope !== "workspace" ? (
          <label>
            {d.scope === "agent" ? "Agent" : d.scope === "user" ? "User" : "API token"}
            <select
              value={d.scopeId}
              onChange={(e) => set({ scopeId: e.target.value })}
              data-testid="budget-scope-id"
              {...described("scopeId")}
            >
              <option value="">{scopes.isPending ? "Loading…" : "Choose…"}</option>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
            {err("scopeId")}
          </label>
        ) : null}
        <label>
          Window (UTC)
          <select
            value={d.window}
            onChange={(e) => set({ window: e.target.value as BudgetWindow })}
            data-testid="budget-window"
            {...described("window")}
          >
            <option value="day">Day (from 00:00)</option>
            <option value="week">Week (from Monday 00:00)</option>
            <option value="month">Month (from the 1st)</option>
          </select>
          {err("window")}
        </label>
      </div>
      <div className="row">
        <label>
          Cost limit (USD)
          <input
            inputMode="decimal"
            value={d.cost}
            placeholder="e.g. 25.00"
            onChange={(e) => set({ cost: e.target.value })}
            data-testid="budget-cost"
            {...described("maxCostNanoUsd")}
          />
          {err("maxCostNanoUsd")}
        </label>
        <label>
          Token limit
          <input
            inputMode="numeric"
            value={d.tokens}
            placeholder="e.g. 1000000"
            onChange={(e) => set({ tokens: e.target.value })}
            data-testid="budget-tokens"
            {...described("maxTotalTokens")}
          />
          {err("maxTotalTokens")}
        </label>
      </div>
      <label>
        Alert at (% of the limit)
        <input
          value={d.alertAt}
          onChange={(e) => set({ alertAt: e.target.value })}
          data-testid="budget-alert-at"
          {...described("alertAt", `${id}-alert-hint`)}
        />
        <span className="hint" id={`${id}-alert-hint`}>
          Each threshold alerts once per window; 100 means spent: new turns are refused until the window ends.
        </span>
        {err("alertAt")}
      </label>
      {err("form")}
      <div className="inline-form">
        <button className="btn primary" type="submit" disabled={save.isPending}>
          {existing ? "Save budget" : "Create budget"}
        </button>
        <button className="btn" type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
