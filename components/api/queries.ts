"use client";
/** TanStack Query hooks over the HTTP API, one per read model. */
import { useQuery } from "@tanstack/react-query";
import type { AgentSummary } from "@/lib/agents/list-agents";
import type { ApprovalSummary } from "@/lib/db/list-approvals";
import type { ConversationSummary } from "@/lib/db/list-conversations";
import type { RunSummary } from "@/lib/db/list-runs";
import type { ToolSummary } from "@/lib/tool-store/list-tools";
import type { HealthReport } from "@/lib/db/health";
import type { UsageGroupBy, UsageSummary } from "@/lib/events/usage-summary";
import { apiFetch } from "./api-client";

export const queryKeys = {
  tools: ["tools"] as const,
  agents: ["agents"] as const,
  conversations: ["conversations"] as const,
  approvals: (status: "pending" | "decided") => ["approvals", status] as const,
  runs: ["runs"] as const,
  usage: (groupBy: UsageGroupBy) => ["usage", groupBy] as const,
  health: ["health"] as const,
};

export function useTools() {
  return useQuery({ queryKey: queryKeys.tools, queryFn: () => apiFetch<{ tools: ToolSummary[] }>("/api/tools") });
}

export function useAgents() {
  return useQuery({ queryKey: queryKeys.agents, queryFn: () => apiFetch<{ agents: AgentSummary[] }>("/api/agents") });
}

export function useConversations() {
  return useQuery({
    queryKey: queryKeys.conversations,
    queryFn: () => apiFetch<{ conversations: ConversationSummary[] }>("/api/conversations"),
  });
}

export function useApprovals(status: "pending" | "decided") {
  return useQuery({
    queryKey: queryKeys.approvals(status),
    queryFn: () =>
      apiFetch<{ approvals: ApprovalSummary[]; pendingCount: number }>(`/api/approvals?status=${status}`),
    refetchInterval: status === "pending" ? 5_000 : false,
  });
}

/** Only the number of pending approvals, polled for the navigation badge. */
export function usePendingApprovalCount() {
  return useQuery({
    queryKey: ["approvals", "pending", "count"] as const,
    queryFn: () => apiFetch<{ pendingCount: number }>("/api/approvals?status=pending&limit=0"),
    select: (d) => d.pendingCount,
    refetchInterval: 5_000,
  });
}

export function useRuns() {
  return useQuery({ queryKey: queryKeys.runs, queryFn: () => apiFetch<{ runs: RunSummary[] }>("/api/runs") });
}

export function useUsageSummary(groupBy: UsageGroupBy) {
  return useQuery({
    queryKey: queryKeys.usage(groupBy),
    queryFn: () => apiFetch<UsageSummary>(`/api/usage/summary?groupBy=${groupBy}`),
  });
}

export function useHealth() {
  return useQuery({ queryKey: queryKeys.health, queryFn: () => apiFetch<HealthReport>("/api/health") });
}
