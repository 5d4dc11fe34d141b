"use client";
/** TanStack Query hooks over the usage summary HTTP API. */
import { useQuery } from "@tanstack/react-query";
import type { UsageGroupBy, UsageSummary } from "@/lib/events/usage-summary";
import { apiFetch } from "@/components/api/api-client";

export const usageKeys = {
  summary: (groupBy: UsageGroupBy) => ["usage", groupBy] as const,
};

export function useUsageSummary(groupBy: UsageGroupBy) {
  return useQuery({
    queryKey: usageKeys.summary(groupBy),
    queryFn: () => apiFetch<UsageSummary>(`/api/usage/summary?groupBy=${groupBy}`),
  });
}
