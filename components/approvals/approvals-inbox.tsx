"use client";
/**
 * The approval inbox: calls held for a human decision across all conversations (approve or deny,
 * with a reason), calls whose outcome is unknown after a crash (mark done or retry once), and the
 * decided history. Both lists are polled, so new requests appear and decided ones leave without a
 * reload. Viewers and operators read it without the buttons.
 */
import { useState } from "react";
import { QueryState } from "@/components/shell/query-state";
import { useDocumentTitle } from "@/components/shell/use-document-title";
import { useCan, useViewer } from "@/components/shell/viewer-context";
import { ApprovalCard } from "./approval-card";
import { WHO_MAY_DECIDE } from "./approval-forms";
import type { ApprovalFilter } from "@/lib/runs/read-models/approvals/list-approvals.shared";
import type { MarkedApproval } from "@/lib/mcp/destructive-approvals.shared";
import { useApprovals } from "./approval-queries";
import "./approvals.css";

export function ApprovalsInbox() {
  const [tab, setTab] = useState<ApprovalFilter>("pending");
  const canDecide = useCan("approver");
  // The pending list is always asked for: its counts label the tabs.
  const pending = useApprovals("pending");
  const decided = useApprovals("decided", { enabled: tab === "decided" });
  const waiting = pending.data?.approvals.filter((a) => a.status === "pending").length ?? 0;
  const unknown = pending.data?.approvals.filter((a) => a.status === "outcome_unknown").length ?? 0;
  useDocumentTitle(waiting + unknown > 0 ? `Approvals (${waiting + unknown} waiting)` : "Approvals");
  return (
    <div className="ap-inbox" data-testid="approvals-inbox">
      {canDecide ? null : <ReadOnlyNote />}
      <div className="tabs" role="tablist" aria-label="Approvals">
        <button
          role="tab"
          id="approvals-tab-pending"
          aria-selected={tab === "pending"}
          aria-controls="approvals-panel"
          className={tab === "pending" ? "tab active" : "tab"}
          onClick={() => setTab("pending")}
        >
          Pending
          {waiting + unknown > 0 ? (
            <span className="ap-count" data-testid="pending-tab-count">
              {waiting + unknown}
            </span>
          ) : null}
        </button>
        <button
          role="tab"
          id="approvals-tab-decided"
          aria-selected={tab === "decided"}
          aria-controls="approvals-panel"
          className={tab === "decided" ? "tab active" : "tab"}
          onClick={() => setTab("decided")}
        >
          Decided
        </button>
      </div>
      <div role="tabpanel" id="approvals-panel" aria-labelledby={`approvals-tab-${tab}`}>
        {tab === "pending" ? <PendingPanel query={pending} canDecide={canDecide} /> : <DecidedPanel query={decided} />}
      </div>
    </div>
  );
}

function ReadOnlyNote() {
  const viewer = useViewer();
  return (
    <p className="ap-readonly" data-testid="approvals-read-only">
      <strong>Read-only.</strong> {WHO_MAY_DECIDE} You are signed in as {viewer.name} (
      {viewer.roles.join(", ") || "no roles"}); ask an approver or an admin to decide these calls.
    </p>
  );
}

type ListQuery = ReturnType<typeof useApprovals>;

/**
 * Pending calls and calls of unknown outcome. A card whose decision the server refused (someone
 * decided first) stays, with the refusal, until dismissed — even after the next poll drops it.
 */
function PendingPanel({ query, canDecide }: { query: ListQuery; canDecide: boolean }) {
  const [refused, setRefused] = useState<Record<string, MarkedApproval>>({});
  const remember = (a: MarkedApproval) => setRefused((r) => ({ ...r, [a.id]: a }));
  const dismiss = (id: string) =>
    setRefused((r) => {
      const next = { ...r };
      delete next[id];
      return next;
    });
  return (
    <QueryState
      query={query}
      isEmpty={(d) => d.approvals.length === 0 && Object.keys(refused).length === 0}
      empty={
        <>
          <h2>Nothing waits for a decision</h2>
          <p className="muted">
            When an agent calls a tool that needs approval, its run pauses and the call appears here — this page checks
            every few seconds.
          </p>
        </>
      }
    >
      {(d) => {
        const live = new Set(d.approvals.map((a) => a.id));
        const cards = [
          ...d.approvals.map((a) => ({ approval: a, stale: false })),
          ...Object.values(refused)
            .filter((a) => !live.has(a.id))
            .map((a) => ({ approval: a, stale: true })),
        ].sort((x, y) => x.approval.createdAt.localeCompare(y.approval.createdAt));
        const waiting = cards.filter((c) => c.approval.status === "pending");
        const unknown = cards.filter((c) => c.approval.status === "outcome_unknown");
        const card = (c: (typeof cards)[number]) => (
          <ApprovalCard
            key={c.approval.id}
            approval={c.approval}
            canDecide={canDecide}
            stale={c.stale}
            onRefused={remember}
            onDecided={() => dismiss(c.approval.id)}
            onDismiss={() => dismiss(c.approval.id)}
          />
        );
        return (
          <>
            <section className="ap-section" data-testid="approvals-pending" aria-labelledby="ap-waiting-title">
              <h2 id="ap-waiting-title">
                Waiting for a decision <span className="muted ap-section-count">{waiting.length}</span>
              </h2>
              {waiting.length ? (
                <div className="ap-list">{waiting.map(card)}</div>
              ) : (
                <p className="muted ap-none" data-testid="approvals-none-waiting">
                  No call waits for a decision.
                </p>
              )}
            </section>
            {unknown.length ? (
              <section
                className="ap-section ap-unknown"
                data-testid="approvals-outcome-unknown"
                aria-labelledby="ap-unknown-title"
              >
                <h2 id="ap-unknown-title">
                  Outcome unknown <span className="muted ap-section-count">{unknown.length}</span>
                </h2>
                <div className="ap-explain">
                  <p>
                    These calls were approved and had started when the server stopped, so nobody knows whether they took
                    effect. Their runs ended as interrupted; nothing will run them again on its own.
                  </p>
                  <p>
                    Check the system each tool acts on. If the call <strong>did</strong> happen,{" "}
                    <strong>Mark done</strong> and note what it returned. If it did <strong>not</strong>,{" "}
                    <strong>Retry once</strong>: the call runs again with the same frozen arguments, exactly once. Both
                    are recorded in the audit log.
                  </p>
                </div>
                <div className="ap-list">{unknown.map(card)}</div>
              </section>
            ) : null}
          </>
        );
      }}
    </QueryState>
  );
}

function DecidedPanel({ query }: { query: ListQuery }) {
  return (
    <QueryState
      query={query}
      isEmpty={(d) => d.approvals.length === 0}
      empty={
        <>
          <h2>No decisions yet</h2>
          <p className="muted">
            Approved and denied calls, with who decided, when, why and what they returned, are kept here.
          </p>
        </>
      }
    >
      {(d) => (
        <section className="ap-section" data-testid="approvals-decided" aria-label="Decided calls">
          <div className="ap-list">
            {d.approvals.map((a) => (
              <ApprovalCard key={a.id} approval={a} canDecide={false} />
            ))}
          </div>
        </section>
      )}
    </QueryState>
  );
}
