"use client";
/**
 * Adding or changing a webhook endpoint (admin): its URL, a description and the event types it
 * receives. Errors show beside the field they are about, whether the form or the server found
 * them (e.g. a private address ATELIER_WEBHOOK_EGRESS_ALLOW does not open).
 */
import { useId, useState } from "react";
import { ApiClientError } from "@/components/api/api-client";
import { useUnsavedChanges } from "@/components/shell/unsaved-changes";
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WebhookInput,
  type WebhookEventType,
  type WebhookView,
} from "@/lib/webhooks/webhook-views.shared";

type Field = "url" | "events" | "description" | "form";

interface Draft {
  url: string;
  description: string;
  events: WebhookEventType[];
}

function serverErrors(err: unknown): Partial<Record<Field, string>> {
  if (!(err instanceof ApiClientError)) return { form: err instanceof Error ? err.message : String(err) };
  const e = (err.body as { error?: { field?: string; issues?: Array<{ path: string; message: string }> } })?.error;
  const out: Partial<Record<Field, string>> = {};
  for (const i of e?.issues ?? []) out[(String(i.path).split(".")[0] || "form") as Field] ??= i.message;
  if (e?.field) out[e.field as Field] ??= err.message;
  if (!Object.keys(out).length) out.form = err.message;
  return out;
}

export function WebhookForm({
  existing,
  onSave,
  onCancel,
  pending,
}: {
  existing: WebhookView | null;
  onSave: (body: WebhookInput) => Promise<void>;
  onCancel: () => void;
  pending: boolean;
}) {
  const initial: Draft = {
    url: existing?.url ?? "",
    description: existing?.description ?? "",
    events: existing?.events ?? ["approval.requested"],
  };
  const [d, setD] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const id = useId();
  const dirty = JSON.stringify(d) !== JSON.stringify(initial);
  useUnsavedChanges(dirty, existing ? `the webhook '${existing.url}'` : "the new webhook");
  const toggle = (t: WebhookEventType, on: boolean) =>
    setD((x) => ({ ...x, events: WEBHOOK_EVENT_TYPES.filter((e) => (e === t ? on : x.events.includes(e))) }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = { url: d.url.trim(), description: d.description.trim(), events: d.events };
    const parsed = WebhookInput.safeParse(body);
    if (!parsed.success) {
      const out: Partial<Record<Field, string>> = {};
      for (const i of parsed.error.issues) out[(i.path[0] as Field) ?? "form"] ??= i.message;
      return setErrors(out);
    }
    setErrors({});
    try {
      await onSave(body);
    } catch (err) {
      setErrors(serverErrors(err));
    }
  };
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
    <form className="webhook-form" onSubmit={submit} noValidate data-testid="webhook-form">
      <h3>{existing ? "Edit endpoint" : "New endpoint"}</h3>
      <label>
        URL
        <input
          type="url"
          value={d.url}
          placeholder="https://hooks.example.com/atelier"
          onChange={(e) => setD({ ...d, url: e.target.value })}
          data-testid="webhook-url"
          {...described("url", `${id}-url-hint`)}
        />
        <span className="hint" id={`${id}-url-hint`}>
          Each event is POSTed here as JSON, signed per Standard Webhooks. A private or loopback address needs its
          host:port in ATELIER_WEBHOOK_EGRESS_ALLOW.
        </span>
        {err("url")}
      </label>
      <label>
        Description (optional)
        <input
          value={d.description}
          placeholder="e.g. #approvals in Slack"
          onChange={(e) => setD({ ...d, description: e.target.value })}
          data-testid="webhook-description"
          {...described("description")}
        />
        {err("description")}
      </label>
      <fieldset className="webhook-events" {...described("events")}>
        <legend>Events</legend>
        {WEBHOOK_EVENT_TYPES.map((t) => (
          <label key={t} className="check">
            <input
              type="checkbox"
              checked={d.events.includes(t)}
              onChange={(e) => toggle(t, e.target.checked)}
              data-testid={`webhook-event-${t}`}
            />
            <span>
              <code>{t}</code> — {WEBHOOK_EVENT_LABELS[t]}
            </span>
          </label>
        ))}
        {err("events")}
      </fieldset>
      {err("form")}
      <div className="inline-form">
        <button className="btn primary" type="submit" disabled={pending} data-testid="webhook-save">
          {existing ? "Save endpoint" : "Add endpoint"}
        </button>
        <button className="btn" type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
