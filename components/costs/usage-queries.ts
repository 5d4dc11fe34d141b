"use client";
/** TanStack Query hooks over the usage summary HTTP API (GET /api/usage/summary). */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import type { RequestOf } from "@/lib/api/contract.shared";
import { usageApi } from "@/lib/api/contracts/usage.shared";
import type { UsageGroupBy, UsageStackBy } from "@/lib/runs/read-models/usage/usage-summary.shared";

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

type UsageQuery = NonNullable<RequestOf<typeof usageApi.summary>["query"]>;

/** The query the dashboard sends: only the filters it sets, and a limit only by run. */
export function usageQuery(p: UsageParams): UsageQuery {
  return {
    groupBy: p.groupBy,
    from: p.from || undefined,
    to: p.to || undefined,
    agentId: p.agentId || undefined,
    model: p.model || undefined,
    stack: p.stack || undefined,
    limit: p.limit && p.groupBy === "run" ? p.limit : undefined,
  };
}

export const usageKeys = {
  all: ["usage"] as const,
  summary: (p: UsageParams) => ["usage", usageQuery(p)] as const,
};

export function useUsageSummary(p: UsageParams) {
  return useQuery({
    queryKey: usageKeys.summary(p),
    queryFn: () => apiFetch(usageApi.summary, { query: usageQuery(p) }),
    // Switching a period, tab or filter keeps the previous figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
