"use client";
/**
 * Settings → Webhooks (admin; docs/webhooks.md): endpoints outside the studio that receive signed
 * events — approvals requested and decided, runs that ended or failed, budget alerts. Add one (its
 * signing secret is shown once, with a copy button), change its events, turn it off or on, delete
 * it (its pending deliveries are cancelled), send a test event and read its delivery log.
 */
import { useState } from "react";
import { useConfirm } from "@/components/shell/confirm-dialog";
import { CopyButton } from "@/components/shell/copy-button";
import { QueryState } from "@/components/shell/query-state";
import type { WebhookView } from "@/lib/webhooks/webhook-views.shared";
import { WebhookDeliveries } from "./webhook-deliveries";
import { WebhookForm } from "./webhook-form";
import { useCreateWebhook, useDeleteWebhook, useSendTestEvent, useUpdateWebhook, useWebhooks } from "./webhook-queries";
import "./webhooks.css";

export function WebhooksPanel() {
  const query = useWebhooks();
  const create = useCreateWebhook();
  const [adding, setAdding] = useState(false);
  return (
    <section className="card" data-testid="webhooks-panel">
      <h2>Webhooks</h2>
      <p className="muted">
        Each event is POSTed as JSON to the endpoints that subscribe to it, signed per the Standard Webhooks
        specification (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>). An
        endpoint that does not answer 2xx within 10 seconds is tried again with a doubling wait, under the same{" "}
        <code>webhook-id</code>.
      </p>
      {adding ? (
        <WebhookForm
          existing={null}
          pending={create.isPending}
          onCancel={() => setAdding(false)}
          onSave={async (body) => {
            await create.mutateAsync(body);
            setAdding(false);
          }}
        />
      ) : (
        <p>
          <button
            className="btn"
            onClick={() => {
              create.reset();
              setAdding(true);
            }}
            data-testid="webhook-new"
          >
            Add endpoint
          </button>
        </p>
      )}
      {create.data ? (
        <div className="secret-once" data-testid="webhook-secret-box">
          <p className="secret-once-text">
            The signing secret of the new endpoint — copy it into your receiver now, it will not be shown again:
          </p>
          <code data-testid="webhook-secret">{create.data.secret}</code>
          <CopyButton value={create.data.secret} what="the signing secret" testId="copy-webhook-secret" />
        </div>
      ) : null}
      <QueryState
        query={query}
        isEmpty={(d) => d.webhooks.length === 0}
        empty={<p className="muted">No endpoints yet.</p>}
      >
        {(d) => (
          <div className="webhook-list">
            {d.webhooks.map((w) => (
              <WebhookCard key={w.id} webhook={w} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function WebhookCard({ webhook: w }: { webhook: WebhookView }) {
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTestEvent();
  const confirm = useConfirm();
  const label = w.description || w.url;
  if (editing)
    return (
      <WebhookForm
        existing={w}
        pending={update.isPending}
        onCancel={() => setEditing(false)}
        onSave={async (body) => {
          await update.mutateAsync({ id: w.id, body: { ...body, enabled: w.enabled } });
          setEditing(false);
        }}
      />
    );
  const setEnabled = async (enabled: boolean) => {
    if (!enabled) {
      const ok = await confirm({
        title: `Turn off the webhook to ${w.url}?`,
        message: "It receives no new events, and its deliveries still waiting for a retry are cancelled.",
        confirmLabel: "Turn off",
        tone: "danger",
      });
      if (!ok) return;
    }
    update.mutate({ id: w.id, body: { url: w.url, events: w.events, description: w.description, enabled } });
  };
  const askDelete = async () => {
    const ok = await confirm({
      title: `Delete the webhook to ${w.url}?`,
      message:
        "It receives no more events; deliveries still waiting for a retry are cancelled and its delivery log is deleted. Receivers keep working only with another endpoint's secret.",
      affected: { label: "Events it receives", items: w.events },
      confirmLabel: "Delete webhook",
      tone: "danger",
    });
    if (ok) remove.mutate(w.id);
  };
  const error = update.error ?? remove.error ?? test.error;
  return (
    <div className="webhook-card" data-testid="webhook-card">
      <div className="webhook-head">
        <div>
          <h3 className="mono">{w.url}</h3>
          {w.description ? <p className="small">{w.description}</p> : null}
          <p className="muted small">
            <span className={`pill ${w.enabled ? "ok" : ""}`} data-testid="webhook-enabled">
              {w.enabled ? "on" : "off"}
            </span>{" "}
            {w.events.join(", ")} · secret {w.secretHint}
          </p>
        </div>
        <div className="actions">
          <button
            className="btn small"
            onClick={() => test.mutate(w.id, { onSuccess: () => setShowLog(true) })}
            disabled={test.isPending}
            aria-label={`Send test event to ${label}`}
            data-testid="webhook-test"
          >
            {test.isPending ? "Sending…" : "Send test event"}
          </button>
          <button
            className="btn small"
            onClick={() => setShowLog((s) => !s)}
            aria-expanded={showLog}
            aria-label={`${showLog ? "Hide log" : "Delivery log"} of ${label}`}
            data-testid="webhook-log-toggle"
          >
            {showLog ? "Hide log" : "Delivery log"}
          </button>
          <button className="btn small" onClick={() => setEditing(true)} aria-label={`Edit ${label}`}>
            Edit
          </button>
          <button
            className="btn small"
            onClick={() => void setEnabled(!w.enabled)}
            disabled={update.isPending}
            aria-label={`${w.enabled ? "Turn off" : "Turn on"} ${label}`}
            data-testid="webhook-toggle"
          >
            {w.enabled ? "Turn off" : "Turn on"}
          </button>
          <button
            className="btn small"
            onClick={() => void askDelete()}
            disabled={remove.isPending}
            aria-label={`Delete ${label}`}
            data-testid="webhook-delete"
          >
            Delete
          </button>
        </div>
      </div>
      {test.data ? (
        <p className="small" role="status" data-testid="webhook-test-result">
          Test event {test.data.status === "delivered" ? "delivered" : "not delivered yet"}
          {test.data.lastStatusCode !== null ? `: HTTP ${test.data.lastStatusCode}` : ""}
          {test.data.lastLatencyMs !== null ? ` in ${test.data.lastLatencyMs} ms` : ""}
          {test.data.status !== "delivered" && test.data.lastError ? ` — ${test.data.lastError}` : ""}
        </p>
      ) : null}
      {error ? (
        <p className="error" role="alert">
          {error.message}
        </p>
      ) : null}
      {showLog ? <WebhookDeliveries webhookId={w.id} label={label} /> : null}
    </div>
  );
}
