"use client";
/**
 * What an approver does on a card (approval-card.tsx): Approve / Deny a held call with a reason, or
 * reconcile a call whose outcome is unknown (it happened, or run it again) — and a refusal of
 * either in words a person can act on.
 */
import { useState, type FormEvent } from "react";
import { ApiClientError } from "@/components/api/api-client";
import type { MarkedApproval } from "@/lib/mcp/destructive-approvals.shared";
import { useDecideApproval, useReconcileApproval } from "./approval-queries";

/** Who may decide, said the same way wherever the inbox is read-only. */
export const WHO_MAY_DECIDE = "Only approvers and admins may approve, deny or reconcile calls.";

/** A refusal of a decision, in words a person can act on. */
function refusalText(err: Error): string {
  if (err instanceof ApiClientError) {
    if (err.code === "ApprovalDecided") return `Someone else got there first. ${err.message}`;
    if (err.code === "ApprovalMismatch")
      return `${err.message} The arguments above are being reloaded: read them again before deciding.`;
    if (err.status === 403) return `${WHO_MAY_DECIDE} ${err.message}`;
    if (err.status === 404) return "This approval no longer exists.";
  }
  return err.message;
}

export interface FormProps {
  approval: MarkedApproval;
  /** The server refused the decision or reconciliation (409 and the like). */
  onRefused?: (approval: MarkedApproval, err: Error) => void;
  /** The server took it. */
  onDecided?: (approval: MarkedApproval) => void;
  /** Only the refusal is left to show: the call was decided elsewhere. */
  stale?: boolean;
}

function ErrorLine({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p
      className="error ap-error"
      role="alert"
      data-testid="approval-error"
      data-code={error instanceof ApiClientError ? error.code : undefined}
    >
      {refusalText(error)}
    </p>
  );
}

export function DecisionForm({ approval, onRefused, onDecided, stale }: FormProps) {
  const [reason, setReason] = useState("");
  const decide = useDecideApproval(approval);
  const busy = decide.isPending ? decide.variables?.decision : null;
  const submit = (decision: "approve" | "deny") =>
    decide.mutate(
      { decision, reason },
      { onError: (err) => onRefused?.(approval, err), onSuccess: () => onDecided?.(approval) },
    );
  if (stale) return <ErrorLine error={decide.error} />;
  return (
    <form
      className="ap-decide"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        submit("approve");
      }}
    >
      <label className="ap-reason">
        <span className="field-label">Reason (optional)</span>
        <input
          type="text"
          value={reason}
          maxLength={2000}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Kept with the decision; a denial's reason is told to the agent"
          disabled={decide.isPending}
        />
      </label>
      <div className="ap-buttons">
        <button type="submit" className="btn primary" disabled={decide.isPending}>
          {busy === "approve" ? "Approving…" : "Approve"}
        </button>
        <button type="button" className="btn danger" disabled={decide.isPending} onClick={() => submit("deny")}>
          {busy === "deny" ? "Denying…" : "Deny"}
        </button>
      </div>
      <ErrorLine error={decide.error} />
    </form>
  );
}

export function ReconcileForm({ approval, onRefused, onDecided, stale }: FormProps) {
  const [result, setResult] = useState("");
  const [confirmRetry, setConfirmRetry] = useState(false);
  const reconcile = useReconcileApproval(approval);
  const busy = reconcile.isPending ? reconcile.variables?.action : null;
  const callbacks = { onError: (err: Error) => onRefused?.(approval, err), onSuccess: () => onDecided?.(approval) };
  if (stale) return <ErrorLine error={reconcile.error} />;
  return (
    <div className="ap-reconcile">
      <form
        className="ap-decide"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          reconcile.mutate({ action: "done", result }, callbacks);
        }}
      >
        <label className="ap-reason">
          <span className="field-label">Result (what the call actually did)</span>
          <input
            type="text"
            value={result}
            onChange={(e) => setResult(e.target.value)}
            placeholder={`e.g. the confirmation the ${approval.toolName} call produced`}
            disabled={reconcile.isPending}
          />
        </label>
        <div className="ap-buttons">
          <button type="submit" className="btn primary" disabled={reconcile.isPending}>
            {busy === "done" ? "Marking…" : "Mark done"}
          </button>
          {confirmRetry ? null : (
            <button type="button" className="btn" disabled={reconcile.isPending} onClick={() => setConfirmRetry(true)}>
              Retry once
            </button>
          )}
        </div>
      </form>
      {confirmRetry ? (
        <div className="ap-confirm" role="group" aria-label="Confirm the retry">
          <span>
            Run <span className="mono">{approval.toolName}</span> again with the arguments above? It may then have
            happened twice.
          </span>
          <button
            type="button"
            className="btn danger"
            disabled={reconcile.isPending}
            onClick={() => reconcile.mutate({ action: "retry" }, callbacks)}
          >
            {busy === "retry" ? "Retrying…" : "Yes, retry once"}
          </button>
          <button type="button" className="btn" disabled={reconcile.isPending} onClick={() => setConfirmRetry(false)}>
            Cancel
          </button>
        </div>
      ) : null}
      <ErrorLine error={reconcile.error} />
    </div>
  );
}
