"use client";
/** TanStack Query hooks over the approvals HTTP API. */
import { useQuery } from "@tanstack/react-query";
import type { ApprovalSummary } from "@/lib/db/list-approvals";
import { apiFetch } from "@/components/api/api-client";

export const approvalKeys = {
  list: (status: "pending" | "decided") => ["approvals", status] as const,
  pendingCount: ["approvals", "pending", "count"] as const,
};

export function useApprovals(status: "pending" | "decided") {
  return useQuery({
    queryKey: approvalKeys.list(status),
    queryFn: () => apiFetch<{ approvals: ApprovalSummary[]; pendingCount: number }>(`/api/approvals?status=${status}`),
    refetchInterval: status === "pending" ? 5_000 : false,
  });
}

/** Only the number of pending approvals, polled for the navigation badge. */
export function usePendingApprovalCount() {
  return useQuery({
    queryKey: approvalKeys.pendingCount,
    queryFn: () => apiFetch<{ pendingCount: number }>("/api/approvals?status=pending&limit=0"),
    select: (d) => d.pendingCount,
    refetchInterval: 5_000,
  });
}
