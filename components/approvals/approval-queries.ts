"use client";
/**
 * TanStack Query hooks over the approvals HTTP API: the pending and decided lists (polled, so new
 * requests appear and decided ones leave without a reload), the pending count for the navigation
 * badge, deciding a held call, and reconciling a call whose outcome is unknown.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { legacyApiFetch } from "@/components/api/api-client";
import { conversationKeys } from "@/components/conversations/conversation-queries";
import { runKeys } from "@/components/runs/run-queries";
import type { MarkedApproval as ApprovalSummary } from "@/lib/mcp/destructive-approvals";
import type { ApprovalView } from "@/lib/runs/approvals/approval-view";

export type { ApprovalSummary };
export type ApprovalTab = "pending" | "decided";

export interface ApprovalList {
  status: ApprovalTab;
  approvals: ApprovalSummary[];
  pendingCount: number;
}

export const approvalKeys = {
  all: ["approvals"] as const,
  list: (status: ApprovalTab) => ["approvals", status] as const,
  pendingCount: ["approvals", "pending", "count"] as const,
};

/** How often the inbox asks again (ms). */
export const APPROVALS_POLL_MS = 3_000;

export function useApprovals(status: ApprovalTab, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: approvalKeys.list(status),
    queryFn: () => legacyApiFetch<ApprovalList>(`/api/approvals?status=${status}`),
    refetchInterval: APPROVALS_POLL_MS,
    enabled: options.enabled ?? true,
  });
}

/** Only the number of pending approvals, polled for the navigation badge. */
export function usePendingApprovalCount() {
  return useQuery({
    queryKey: approvalKeys.pendingCount,
    queryFn: () => legacyApiFetch<{ pendingCount: number }>("/api/approvals?status=pending&limit=0"),
    select: (d) => d.pendingCount,
    refetchInterval: 5_000,
  });
}

const base = (id: string) => `/api/approvals/${encodeURIComponent(id)}`;

export interface DecisionInput {
  decision: "approve" | "deny";
  reason?: string;
}

/**
 * Approve or deny one held call. The request carries the argument hash of the approval as it was
 * shown, so the decision is bound to the arguments the person saw (409 ApprovalMismatch when they
 * differ, 409 ApprovalDecided when someone decided first). On success the call leaves the pending
 * list at once; the lists, the badge and the call's conversation are fetched again.
 */
export function useDecideApproval(approval: Pick<ApprovalSummary, "id" | "argumentsHash" | "conversationId">) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, reason }: DecisionInput) =>
      legacyApiFetch<ApprovalView>(`${base(approval.id)}/decision`, {
        method: "POST",
        body: JSON.stringify({
          decision,
          argumentsHash: approval.argumentsHash,
          ...(reason?.trim() ? { reason: reason.trim() } : {}),
        }),
      }),
    onSuccess: async () => {
      await dropFromPending(qc, approval.id);
      refreshAfterDecision(qc, approval.conversationId);
    },
    // A refusal (decided elsewhere, other arguments) also means the list we show is stale.
    onError: () => refreshAfterDecision(qc, approval.conversationId),
  });
}

export type ReconcileInput = { action: "done"; result?: string } | { action: "retry" };

/** Resolve a call whose outcome is unknown: mark it done with what it returned, or retry it once. */
export function useReconcileApproval(approval: Pick<ApprovalSummary, "id" | "conversationId">) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReconcileInput) =>
      legacyApiFetch<ApprovalView>(`${base(approval.id)}/reconcile`, {
        method: "POST",
        body: JSON.stringify(
          input.action === "done" && input.result?.trim()
            ? { action: "done", result: input.result.trim() }
            : { action: input.action },
        ),
      }),
    onSuccess: async () => {
      await dropFromPending(qc, approval.id);
      refreshAfterDecision(qc, approval.conversationId);
    },
    onError: () => refreshAfterDecision(qc, approval.conversationId),
  });
}

/** Takes a decided call out of the cached pending list (a poll already under way must not bring it back). */
async function dropFromPending(qc: QueryClient, id: string) {
  await qc.cancelQueries({ queryKey: approvalKeys.list("pending"), exact: true });
  qc.setQueryData<ApprovalList>(approvalKeys.list("pending"), (list) =>
    list ? { ...list, approvals: list.approvals.filter((a) => a.id !== id) } : list,
  );
}

function refreshAfterDecision(qc: QueryClient, conversationId: string) {
  // ["approvals"] covers both lists and the navigation badge's count.
  void qc.invalidateQueries({ queryKey: approvalKeys.all });
  void qc.invalidateQueries({ queryKey: approvalKeys.pendingCount, exact: true });
  void qc.invalidateQueries({ queryKey: conversationKeys.detail(conversationId), exact: true });
  void qc.invalidateQueries({ queryKey: conversationKeys.events(conversationId), exact: true });
  void qc.invalidateQueries({ queryKey: conversationKeys.list, exact: true });
  void qc.invalidateQueries({ queryKey: runKeys.list, exact: true });
}
