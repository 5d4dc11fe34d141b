"use client";
/** TanStack Query hooks over the runs HTTP API: the list, and one run's trace. */
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import type { RunDetail } from "@/components/conversations/event-types";
import type { RunSummary } from "@/lib/db/list-runs";

export const runKeys = {
  list: ["runs"] as const,
  detail: (id: string) => ["runs", id] as const,
};

export function useRuns() {
  return useQuery({ queryKey: runKeys.list, queryFn: () => apiFetch<{ runs: RunSummary[] }>("/api/runs") });
}

export function useRun(id: string) {
  return useQuery({
    queryKey: runKeys.detail(id),
    queryFn: () => apiFetch<RunDetail>(`/api/runs/${encodeURIComponent(id)}`),
    // A run still going (or waiting for a decision) is looked at again every few seconds.
    refetchInterval: (q) => {
      const status = q.state.data?.run.status;
      return status === "running" ? 2_000 : status === "suspended" ? 5_000 : false;
    },
  });
}
