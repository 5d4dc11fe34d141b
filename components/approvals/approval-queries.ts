"use client";
/**
 * TanStack Query hooks over the approvals HTTP API: the pending and decided lists (polled, so new
 * requests appear and decided ones leave without a reload), the pending count for the navigation
 * badge, deciding a held call, and reconciling a call whose outcome is unknown.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { conversationKeys } from "@/components/conversations/conversation-queries";
import { runKeys } from "@/components/runs/run-queries";
import { approvalsApi } from "@/lib/api/contracts/approvals.shared";
import type { ResponseOf } from "@/lib/api/contract.shared";
import type { ApprovalDecision, ApprovalFilter } from "@/lib/runs/read-models/approvals/list-approvals.shared";
import type { MarkedApproval } from "@/lib/mcp/destructive-approvals.shared";

/** What the inbox lists: the approvals of one tab and the pending count. */
type ApprovalList = ResponseOf<typeof approvalsApi.list>;

export const approvalKeys = {
  all: ["approvals"] as const,
  list: (status: ApprovalFilter) => ["approvals", status] as const,
  pendingCount: ["approvals", "pending", "count"] as const,
};

/** How often the inbox asks again (ms). */
export const APPROVALS_POLL_MS = 3_000;

export function useApprovals(status: ApprovalFilter, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: approvalKeys.list(status),
    queryFn: () => apiFetch(approvalsApi.list, { query: { status } }),
    refetchInterval: APPROVALS_POLL_MS,
    enabled: options.enabled ?? true,
  });
}

/** Only the number of pending approvals, polled for the navigation badge. */
export function usePendingApprovalCount() {
  return useQuery({
    queryKey: approvalKeys.pendingCount,
    queryFn: () => apiFetch(approvalsApi.list, { query: { status: "pending", limit: 0 } }),
    select: (d) => d.pendingCount,
    refetchInterval: 5_000,
  });
}

export interface DecisionInput {
  decision: ApprovalDecision;
  reason?: string;
}

/**
 * Approve or deny one held call. The request carries the argument hash of the approval as it was
 * shown, so the decision is bound to the arguments the person saw (409 ApprovalMismatch when they
 * differ, 409 ApprovalDecided when someone decided first). On success the call leaves the pending
 * list at once; the lists, the badge and the call's conversation are fetched again.
 */
export function useDecideApproval(approval: Pick<MarkedApproval, "id" | "argumentsHash" | "conversationId">) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, reason }: DecisionInput) =>
      apiFetch(approvalsApi.decide, {
        params: { id: approval.id },
        body: {
          decision,
          argumentsHash: approval.argumentsHash,
          ...(reason?.trim() ? { reason: reason.trim() } : {}),
        },
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
export function useReconcileApproval(approval: Pick<MarkedApproval, "id" | "conversationId">) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReconcileInput) =>
      apiFetch(approvalsApi.reconcile, {
        params: { id: approval.id },
        body:
          input.action === "done" && input.result?.trim()
            ? { action: "done", result: input.result.trim() }
            : { action: input.action },
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
  void qc.invalidateQueries({ queryKey: conversationKeys.list });
  void qc.invalidateQueries({ queryKey: runKeys.list, exact: true });
}
