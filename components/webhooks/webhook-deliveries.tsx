"use client";
/**
 * An endpoint's delivery log (newest first): each event's status, attempts, the last answer's
 * status code and latency, and the start of what the endpoint answered; a row opens to the body
 * that was sent. Pending rows refresh by themselves while their retries run.
 */
import { formatDateTime } from "@/components/shell/format";
import { QueryState } from "@/components/shell/query-state";
import type { WebhookDeliveryView } from "@/lib/webhooks/webhook-views.shared";
import { useWebhookDeliveries } from "./webhook-queries";

const STATUS_TONE: Record<WebhookDeliveryView["status"], string> = {
  delivered: "ok",
  pending: "warn",
  failed: "danger",
  cancelled: "",
};

function answerText(d: WebhookDeliveryView): string {
  const parts: string[] = [];
  if (d.lastStatusCode !== null) parts.push(`HTTP ${d.lastStatusCode}`);
  if (d.lastLatencyMs !== null) parts.push(`${d.lastLatencyMs} ms`);
  return parts.join(" · ") || "—";
}

export function WebhookDeliveries({ webhookId, label }: { webhookId: string; label: string }) {
  const query = useWebhookDeliveries(webhookId);
  return (
    <div className="webhook-deliveries" data-testid="webhook-deliveries">
      <h4>Delivery log</h4>
      <QueryState
        query={query}
        isEmpty={(d) => d.deliveries.length === 0}
        empty={<p className="muted">Nothing sent yet. Send a test event to try the endpoint.</p>}
      >
        {(data) => (
          <div className="table-scroll">
            <table className="table compact" aria-label={`Deliveries to ${label}`}>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last answer</th>
                  <th scope="col">Response</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {data.deliveries.map((d) => (
                  <tr key={d.id} data-testid="webhook-delivery">
                    <td>
                      <code>{d.eventType}</code>
                      <details>
                        <summary>Body</summary>
                        <p className="muted small mono">webhook-id: {d.messageId}</p>
                        <pre className="webhook-payload">{JSON.stringify(d.payload, null, 2)}</pre>
                      </details>
                    </td>
                    <td>
                      <span className={`pill ${STATUS_TONE[d.status]}`} data-testid="webhook-delivery-status">
                        {d.status}
                      </span>
                      {d.status === "pending" && d.nextAttemptAt ? (
                        <span className="muted small"> next try {formatDateTime(d.nextAttemptAt)}</span>
                      ) : null}
                    </td>
                    <td>{d.attempts}</td>
                    <td data-testid="webhook-delivery-answer">{answerText(d)}</td>
                    <td className="webhook-excerpt">
                      {d.lastError && d.status !== "delivered" ? (
                        <span className="error-text">{d.lastError}</span>
                      ) : null}
                      {d.responseExcerpt ? <code>{d.responseExcerpt}</code> : null}
                    </td>
                    <td>{formatDateTime(d.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </div>
  );
}
