"use client";
/**
 * One held call: which agent asked, in which conversation, the tool and what approving it will run
 * (its version, an MCP tool's schema hash, the agent), its frozen arguments (as a key/value table),
 * the short form of the hash the decision is bound to, and — by status — the
 * Approve / Deny form or the reconcile actions of a call whose outcome is unknown (approval-forms.tsx), or who decided,
 * when, why and what the call returned.
 */
import Link from "next/link";
import { useState } from "react";
import { formatDateTime } from "@/components/shell/format";
import { useCan } from "@/components/shell/viewer-context";
import { argumentRows, cardStatus, describeResult, outcomeLine, shortHash, targetText } from "./approval-format";
import type { MarkedApproval } from "@/lib/mcp/destructive-approvals.shared";
import { DecisionForm, ReconcileForm } from "./approval-forms";
import { useApprovals } from "./approval-queries";
import "./approvals.css";

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
  const status = cardStatus(a);
  const outcome = outcomeLine(a);
  const target = targetText(a.target, a.toolName);
  const decided = a.status !== "pending" && a.status !== "outcome_unknown";
  return (
    <article
      className={`card ap-card ap-${status.key}${stale ? " ap-stale" : ""}`}
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
        <span className={`pill status-${status.key}`} title={status.hint} data-testid="approval-status">
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

      {outcome ? (
        <p className={`ap-outcome ap-outcome-${outcome.tone}`} data-testid="approval-outcome">
          {outcome.text}
        </p>
      ) : null}
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
