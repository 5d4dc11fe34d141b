"use client";
/** TanStack Query hooks over the usage summary HTTP API (GET /api/usage/summary). */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { UsageGroupBy, UsageStackBy, UsageSummary } from "@/lib/events/usage-summary";
import { legacyApiFetch } from "@/components/api/api-client";

export interface UsageParams {
  groupBy: UsageGroupBy;
  /** UTC dates, inclusive. */
  from?: string | null;
  to?: string | null;
  agentId?: string | null;
  /** `provider:model`. */
  model?: string | null;
  stack?: UsageStackBy | null;
  /** By run: how many turns to list. */
  limit?: number;
}

export function usageSummaryPath(p: UsageParams): string {
  const q = new URLSearchParams({ groupBy: p.groupBy });
  for (const k of ["from", "to", "agentId", "model", "stack"] as const) {
    const v = p[k];
    if (v) q.set(k, v);
  }
  if (p.limit && p.groupBy === "run") q.set("limit", String(p.limit));
  return `/api/usage/summary?${q}`;
}

export const usageKeys = {
  all: ["usage"] as const,
  summary: (p: UsageParams) => ["usage", usageSummaryPath(p)] as const,
};

export function useUsageSummary(p: UsageParams) {
  return useQuery({
    queryKey: usageKeys.summary(p),
    queryFn: () => legacyApiFetch<UsageSummary>(usageSummaryPath(p)),
    // Switching a period, tab or filter keeps the previous figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
