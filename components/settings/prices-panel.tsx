"use client";
/**
 * Settings → Prices: custom model prices (docs/prices.md) for what genai-prices does not know —
 * self-hosted and new models, the offline demo model — or should not price (`overrides`). Every
 * signed-in role sees the entries; admins add, change and delete them. Prices are typed in USD per
 * million tokens and sent as integer nano-USD, converted exactly.
 */
import { useState } from "react";
import { localIssues, serverIssues, type FieldIssue } from "@/components/auth/form-issues";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { formatDateTime } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";
import { useUnsavedChanges } from "@/components/shell/unsaved-changes";
import { nanoToUsdText, parseUsdToNano, PriceEntryInput, type PriceEntryView } from "@/lib/prices/price-entry.shared";
import { useDeletePrice, usePrices, useSavePrice } from "./price-queries";
import "./prices.css";

/** Dollars per million tokens as the table shows them: exact, at least two decimals. */
function perMTok(nano: number | null): string {
  if (nano === null) return "";
  const text = nanoToUsdText(nano);
  const [whole, frac = ""] = text.split(".");
  return `$${whole}.${frac.padEnd(2, "0")}`;
}

export function PricesPanel({ canManage }: { canManage: boolean }) {
  const query = usePrices();
  const [editing, setEditing] = useState<PriceEntryView | "new" | null>(null);
  return (
    <section className="card" data-testid="prices-panel">
      <h2>Model prices</h2>
      <p className="muted" data-testid="prices-explanation">
        Usage of a model that genai-prices does not know is priced by these entries (an entry marked <em>overrides</em>{" "}
        is used even when it does). An entry matches when its provider is the one that answered and its pattern matches
        the whole model name — <code>*</code> stands for any run of characters, letter case aside. Of the entries valid
        at the time of the usage, the most specific wins (most literal characters, then fewest <code>*</code>), then the
        latest <em>valid from</em>. Usage is priced when it is recorded; run <code>npm run usage:reprice</code> to apply
        changed entries to stored usage.
      </p>
      {canManage ? (
        editing ? (
          <PriceForm
            key={editing === "new" ? "new" : editing.id}
            existing={editing === "new" ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : (
          <p>
            <button className="btn" onClick={() => setEditing("new")}>
              Add a price
            </button>
          </p>
        )
      ) : (
        <p className="muted small" data-testid="prices-read-only">
          Only admins can add or change prices.
        </p>
      )}
      <QueryState
        query={query}
        isEmpty={(d) => d.prices.length === 0}
        empty={<p className="muted">No custom prices: usage is priced by genai-prices alone.</p>}
      >
        {(d) => <PriceTable prices={d.prices} canManage={canManage} onEdit={(p) => setEditing(p)} />}
      </QueryState>
    </section>
  );
}

function PriceTable({
  prices,
  canManage,
  onEdit,
}: {
  prices: PriceEntryView[];
  canManage: boolean;
  onEdit: (p: PriceEntryView) => void;
}) {
  const remove = useDeletePrice();
  const confirm = useConfirm();
  const askDelete = async (p: PriceEntryView) => {
    const ok = await confirm({
      title: `Delete the price for ${p.provider} ${p.modelPattern}?`,
      message:
        "New usage of the models it matches is priced without it (unpriced, unless genai-prices or another entry knows them). Usage already recorded keeps its cost until `npm run usage:reprice`.",
      affected: { label: "The entry", items: [`${p.name ? `${p.name}: ` : ""}${p.provider} · ${p.modelPattern}`] },
      confirmLabel: "Delete price",
      tone: "danger",
    });
    if (ok) remove.mutate(p.id);
  };
  return (
    <>
      {remove.error ? (
        <p className="error small" role="alert">
          {remove.error.message}
        </p>
      ) : null}
      <div className="prices-scroll">
        <table className="table compact" data-testid="prices-table">
          <caption className="prices-sr-only">Custom model prices, in USD per million tokens</caption>
          <thead>
            <tr>
              <th scope="col">Provider</th>
              <th scope="col">Model pattern</th>
              <th scope="col" className="num">
                Input
              </th>
              <th scope="col" className="num">
                Output
              </th>
              <th scope="col" className="num">
                Cache read
              </th>
              <th scope="col" className="num">
                Cache write
              </th>
              <th scope="col">Valid from</th>
              <th scope="col">Name</th>
              {canManage ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {prices.map((p) => (
              <tr key={p.id} data-testid="price-row" data-pattern={p.modelPattern} data-provider={p.provider}>
                <td className="mono">{p.provider}</td>
                <td className="mono">
                  {p.modelPattern}{" "}
                  {p.overrides ? (
                    <span
                      className="pill warn"
                      data-testid="price-overrides"
                      title="Used even when genai-prices knows the model"
                    >
                      overrides
                    </span>
                  ) : null}
                </td>
                <td className="num" data-testid="price-input">
                  {perMTok(p.inputPerMTokNanoUsd)}
                </td>
                <td className="num" data-testid="price-output">
                  {perMTok(p.outputPerMTokNanoUsd)}
                </td>
                <td className="num">
                  {p.cacheReadPerMTokNanoUsd === null ? (
                    <span className="muted">input price</span>
                  ) : (
                    perMTok(p.cacheReadPerMTokNanoUsd)
                  )}
                </td>
                <td className="num">
                  {p.cacheWritePerMTokNanoUsd === null ? (
                    <span className="muted">input price</span>
                  ) : (
                    perMTok(p.cacheWritePerMTokNanoUsd)
                  )}
                </td>
                <td>{formatDateTime(p.validFrom)}</td>
                <td>{p.name ? <span className="pill price-name">{p.name}</span> : <span className="muted">—</span>}</td>
                {canManage ? (
                  <td>
                    <span className="inline-form">
                      <button
                        className="btn small"
                        onClick={() => onEdit(p)}
                        aria-label={`Edit the price for ${p.provider} ${p.modelPattern}`}
                      >
                        Edit
                      </button>
                      <button
                        className="btn small danger"
                        onClick={() => void askDelete(p)}
                        aria-label={`Delete the price for ${p.provider} ${p.modelPattern}`}
                      >
                        Delete
                      </button>
                    </span>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        Prices in USD per million tokens. Cache tokens without a price of their own are billed at the input price.
      </p>
    </>
  );
}

interface FormState {
  name: string;
  provider: string;
  modelPattern: string;
  input: string;
  output: string;
  cacheRead: string;
  cacheWrite: string;
  validFrom: string;
  overrides: boolean;
}

/** An ISO instant as a `datetime-local` value (UTC, to the minute). */
const localValue = (iso: string) => iso.slice(0, 16);

function stateOf(p: PriceEntryView | null): FormState {
  return {
    name: p?.name ?? "",
    provider: p?.provider ?? "",
    modelPattern: p?.modelPattern ?? "",
    input: p ? nanoToUsdText(p.inputPerMTokNanoUsd) : "",
    output: p ? nanoToUsdText(p.outputPerMTokNanoUsd) : "",
    cacheRead: p?.cacheReadPerMTokNanoUsd != null ? nanoToUsdText(p.cacheReadPerMTokNanoUsd) : "",
    cacheWrite: p?.cacheWritePerMTokNanoUsd != null ? nanoToUsdText(p.cacheWritePerMTokNanoUsd) : "",
    validFrom: p ? localValue(p.validFrom) : "",
    overrides: p?.overrides ?? false,
  };
}

const MONEY_FIELDS = {
  input: "inputPerMTokNanoUsd",
  output: "outputPerMTokNanoUsd",
  cacheRead: "cacheReadPerMTokNanoUsd",
  cacheWrite: "cacheWritePerMTokNanoUsd",
} as const;

/** The form as the API's body, with the issues of what cannot be converted (dollars that are not amounts). */
function bodyOf(f: FormState): { body: Record<string, unknown>; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const money = (key: keyof typeof MONEY_FIELDS, optional: boolean) => {
    const text = f[key].trim();
    if (!text && optional) return null;
    const nano = parseUsdToNano(text);
    if (nano === null)
      issues.push({
        path: MONEY_FIELDS[key],
        message: text ? "a non-negative amount in USD, at most nine decimals (e.g. 0.15)" : "give a price (0 for free)",
      });
    return nano;
  };
  const body = {
    name: f.name.trim() || null,
    provider: f.provider,
    modelPattern: f.modelPattern,
    inputPerMTokNanoUsd: money("input", false),
    outputPerMTokNanoUsd: money("output", false),
    cacheReadPerMTokNanoUsd: money("cacheRead", true),
    cacheWritePerMTokNanoUsd: money("cacheWrite", true),
    ...(f.validFrom ? { validFrom: new Date(`${f.validFrom}:00Z`).toISOString() } : {}),
    overrides: f.overrides,
  };
  return { body, issues };
}

function PriceForm({ existing, onDone }: { existing: PriceEntryView | null; onDone: () => void }) {
  const save = useSavePrice();
  const initial = stateOf(existing);
  const [form, setForm] = useState<FormState>(initial);
  const [checked, setChecked] = useState<FieldIssue[]>([]);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  useUnsavedChanges(dirty && !save.isSuccess, existing ? `the price for ${existing.modelPattern}` : "the new price");
  const issues = checked.length > 0 ? checked : serverIssues(save.error);
  const issue = (path: string) => issues.find((i) => i.path === path)?.message;
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));

  const text = (
    key: keyof FormState,
    path: string,
    label: string,
    hint?: string,
    extra: Record<string, string> = {},
  ) => {
    const id = `price-${key}`;
    const message = issue(path);
    return (
      <label htmlFor={id}>
        {label}
        {hint ? <span className="muted small"> {hint}</span> : null}
        <input
          id={id}
          value={form[key] as string}
          onChange={(e) => set({ [key]: e.target.value } as Partial<FormState>)}
          aria-invalid={Boolean(message)}
          aria-describedby={message ? `${id}-error` : undefined}
          {...extra}
        />
        {message ? (
          <span className="field-error" id={`${id}-error`}>
            {message}
          </span>
        ) : null}
      </label>
    );
  };

  return (
    <form
      className="form price-form"
      data-testid="price-form"
      aria-label={existing ? "Edit price" : "New price"}
      onSubmit={(e) => {
        e.preventDefault();
        const { body, issues: moneyIssues } = bodyOf(form);
        const local = [
          ...moneyIssues,
          ...localIssues(PriceEntryInput, body).filter((i) => !moneyIssues.some((m) => m.path === i.path)),
        ];
        setChecked(local);
        if (local.length === 0)
          save.mutate({ id: existing?.id ?? null, body: body as PriceEntryInput }, { onSuccess: () => onDone() });
      }}
    >
      <h3>{existing ? `Edit the price for ${existing.provider} ${existing.modelPattern}` : "New price"}</h3>
      <div className="price-form-grid">
        {text("provider", "provider", "Provider", "as runs record it: openai-compatible, demo, …", {
          autoComplete: "off",
        })}
        {text("modelPattern", "modelPattern", "Model pattern", "* matches any run of characters", {
          autoComplete: "off",
        })}
        {text("input", "inputPerMTokNanoUsd", "Input (USD per million tokens)", undefined, { inputMode: "decimal" })}
        {text("output", "outputPerMTokNanoUsd", "Output (USD per million tokens)", undefined, { inputMode: "decimal" })}
        {text("cacheRead", "cacheReadPerMTokNanoUsd", "Cache read (USD per million)", "empty: the input price", {
          inputMode: "decimal",
        })}
        {text("cacheWrite", "cacheWritePerMTokNanoUsd", "Cache write (USD per million)", "empty: the input price", {
          inputMode: "decimal",
        })}
        {text("validFrom", "validFrom", "Valid from (UTC)", existing ? undefined : "empty: now", {
          type: "datetime-local",
        })}
        {text("name", "name", "Name", "optional: shown beside every figure it prices")}
      </div>
      <label className="check price-overrides">
        <input type="checkbox" checked={form.overrides} onChange={(e) => set({ overrides: e.target.checked })} />
        Override genai-prices (use this price even for models it knows)
      </label>
      {save.error && issues.length === 0 ? (
        <p className="error" role="alert">
          {save.error.message}
        </p>
      ) : null}
      <p className="inline-form">
        <button type="submit" className="btn primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : existing ? "Save price" : "Add price"}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </p>
    </form>
  );
}
