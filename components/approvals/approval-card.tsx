"use client";
/**
 * One held call: which agent asked, in which conversation, the tool and what approving it will run
 * (its version, an MCP tool's schema hash, the agent), its frozen arguments (as a key/value table),
 * the short form of the hash the decision is bound to, and — by status — the
 * Approve / Deny form, the reconcile actions of a call whose outcome is unknown, or who decided,
 * when, why and what the call returned.
 */
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { ApiClientError } from "@/components/api/api-client";
import { formatDateTime } from "@/components/shell/format";
import { useCan } from "@/components/shell/viewer-context";
import { argumentRows, describeResult, shortHash, statusText, targetText } from "./approval-format";
import type { MarkedApproval } from "@/lib/mcp/destructive-approvals.shared";
import { useApprovals, useDecideApproval, useReconcileApproval } from "./approval-queries";
import "./approvals.css";

/** Who may decide, said the same way wherever the inbox is read-only. */
export const WHO_MAY_DECIDE = "Only approvers and admins may approve, deny or reconcile calls.";

export function ArgumentsTable({ args }: { args: unknown }) {
  const { rows, whole } = argumentRows(args);
  if (whole !== null) {
    return (
      <pre className="json-block ap-args-whole" data-testid="approval-arguments">
        {whole}
      </pre>
    );
  }
  if (rows.length === 0) {
    return (
      <p className="muted small" data-testid="approval-arguments">
        No arguments.
      </p>
    );
  }
  return (
    <table className="table compact ap-args" data-testid="approval-arguments">
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-arg={r.key}>
            <th scope="row" className="mono">
              {r.key}
            </th>
            <td className={`ap-arg-${r.kind}`}>
              {r.kind === "json" ? (
                <pre className="json-block">{r.text}</pre>
              ) : r.kind === "string" && r.text === "" ? (
                <span className="muted">(empty text)</span>
              ) : (
                <span className="mono">{r.text}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

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

export interface ApprovalCardProps {
  approval: MarkedApproval;
  canDecide: boolean;
  /** Link to the call's conversation (off where the card sits on that conversation's page). */
  showConversation?: boolean;
  /** The server refused a decision or reconciliation (409 and the like). */
  onRefused?: (approval: MarkedApproval, err: Error) => void;
  /** The server took a decision or reconciliation made on this card. */
  onDecided?: (approval: MarkedApproval) => void;
  /** No longer in the list the card came from (decided elsewhere): shown with its refusal until dismissed. */
  stale?: boolean;
  onDismiss?: () => void;
}

export function ApprovalCard({
  approval: a,
  canDecide,
  showConversation = true,
  onRefused,
  onDecided,
  stale,
  onDismiss,
}: ApprovalCardProps) {
  const status = statusText(a.status);
  const target = targetText(a.target, a.toolName);
  const decided = a.status !== "pending" && a.status !== "outcome_unknown";
  return (
    <article
      className={`card ap-card ap-${a.status}${stale ? " ap-stale" : ""}`}
      data-testid="approval-card"
      data-approval-id={a.id}
      data-conversation-id={a.conversationId}
      data-status={a.status}
      aria-label={`${a.toolName} call by ${a.agentName}`}
    >
      <div className="ap-head">
        <span className="ap-tool mono" data-testid="approval-tool">
          {a.toolName}
        </span>
        {target ? (
          <Link className="pill ap-target mono" href={target.href} title={target.title} data-testid="approval-target">
            {target.text}
          </Link>
        ) : null}
        {a.destructive ? (
          <span
            className="pill danger"
            title="Its MCP server marks this tool destructive (destructiveHint)"
            data-testid="approval-destructive"
          >
            destructive
          </span>
        ) : null}
        <span className={`pill status-${a.status}`} title={status.hint} data-testid="approval-status">
          {status.label}
        </span>
        <span className="ap-meta muted small">
          asked by{" "}
          <Link className="mono" href={`/agents/${encodeURIComponent(a.agentId)}`} data-testid="approval-agent">
            {a.agentName}
          </Link>
          {a.caller ? (
            <>
              {" "}
              for{" "}
              <Link
                className="mono"
                href={`/agents/${encodeURIComponent(a.caller.agentId)}`}
                data-testid="approval-caller"
                title="The agent that called it as a tool, and waits on this decision"
              >
                {a.caller.agentName}
              </Link>
            </>
          ) : null}
          {showConversation ? (
            <>
              {" "}
              in{" "}
              <Link href={`/conversations/${encodeURIComponent(a.conversationId)}`} data-testid="approval-conversation">
                its conversation
              </Link>
            </>
          ) : null}
          {" · "}
          <time dateTime={a.createdAt} title={a.createdAt} data-testid="approval-created">
            {formatDateTime(a.createdAt)}
          </time>
        </span>
      </div>

      <ArgumentsTable args={a.arguments} />
      <p className="ap-hash muted small">
        Arguments hash{" "}
        <code title={a.argumentsHash} data-testid="approval-hash">
          {shortHash(a.argumentsHash)}
        </code>
        {a.status === "pending"
          ? ` — a decision is bound to exactly these arguments${target ? ` and to ${target.text}` : ""}.`
          : null}
      </p>

      {decided ? <DecisionFacts approval={a} /> : null}
      {a.status === "pending" && canDecide ? (
        <DecisionForm approval={a} onRefused={onRefused} onDecided={onDecided} stale={stale} />
      ) : null}
      {a.status === "outcome_unknown" && canDecide ? (
        <ReconcileForm approval={a} onRefused={onRefused} onDecided={onDecided} stale={stale} />
      ) : null}
      {stale ? <StaleNotice onDismiss={onDismiss} /> : null}
    </article>
  );
}

function StaleNotice({ onDismiss }: { onDismiss?: () => void }) {
  return (
    <div className="ap-stale-note small">
      <span className="muted">This call is no longer waiting; its decision is under Decided.</span>
      {onDismiss ? (
        <button type="button" className="btn small" onClick={onDismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}

interface FormProps {
  approval: MarkedApproval;
  onRefused?: ApprovalCardProps["onRefused"];
  onDecided?: ApprovalCardProps["onDecided"];
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

function DecisionForm({ approval, onRefused, onDecided, stale }: FormProps) {
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

function ReconcileForm({ approval, onRefused, onDecided, stale }: FormProps) {
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

function DecisionFacts({ approval: a }: { approval: MarkedApproval }) {
  const result = describeResult(a.result);
  const verb = a.decision === "deny" ? "Denied" : a.decision === "approve" ? "Approved" : "Decided";
  return (
    <dl className="facts ap-facts" data-testid="approval-decision">
      <dt>Decision</dt>
      <dd>
        <span data-testid="approval-decided-by">
          {verb} by <strong>{a.decidedBy ?? "an approver"}</strong>
        </span>
        {a.decidedAt ? (
          <>
            {" · "}
            <time dateTime={a.decidedAt} title={a.decidedAt} data-testid="approval-decided-at">
              {formatDateTime(a.decidedAt)}
            </time>
          </>
        ) : null}
      </dd>
      <dt>Reason</dt>
      <dd data-testid="approval-reason">{a.reason ? a.reason : <span className="muted">none given</span>}</dd>
      <dt>Result</dt>
      <dd data-testid="approval-result" data-ok={result ? String(result.ok) : undefined}>
        {a.status === "denied" ? (
          <span className="muted">never ran</span>
        ) : a.status === "approved" ? (
          <span className="muted">waiting to run (after the run&apos;s other held calls are decided)</span>
        ) : a.status === "executing" ? (
          <span className="muted">running…</span>
        ) : result ? (
          <>
            {result.json ? (
              <pre className={`json-block${result.ok ? "" : " ap-result-error"}`}>{result.text}</pre>
            ) : (
              <span className={result.ok ? "mono" : "mono error"}>{result.text}</span>
            )}
            {result.note ? <span className="muted small ap-note"> ({result.note})</span> : null}
          </>
        ) : (
          <span className="muted">none recorded</span>
        )}
      </dd>
    </dl>
  );
}

/**
 * The card of one pending call, for embedding beside a conversation's transcript: it reads the
 * shared (polled) pending list, so it shows nothing once the call is decided — unless a decision
 * made here was refused, which stays on screen until dismissed.
 */
export function PendingApprovalCard({
  approvalId,
  showConversation = false,
}: {
  approvalId: string;
  showConversation?: boolean;
}) {
  const canDecide = useCan("approver");
  const pending = useApprovals("pending");
  const [refused, setRefused] = useState<MarkedApproval | null>(null);
  const current = pending.data?.approvals.find((a) => a.id === approvalId) ?? null;
  const shown = current ?? refused;
  if (!shown) return null;
  return (
    <ApprovalCard
      approval={shown}
      canDecide={canDecide}
      showConversation={showConversation}
      stale={!current}
      onRefused={(a) => setRefused(a)}
      onDecided={() => setRefused(null)}
      onDismiss={() => setRefused(null)}
    />
  );
}
