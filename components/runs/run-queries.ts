"use client";
/** TanStack Query hooks over the runs HTTP API. */
import { useQuery } from "@tanstack/react-query";
import type { RunSummary } from "@/lib/db/list-runs";
import { apiFetch } from "@/components/api/api-client";

export const runKeys = {
  list: ["runs"] as const,
};

export function useRuns() {
  return useQuery({ queryKey: runKeys.list, queryFn: () => apiFetch<{ runs: RunSummary[] }>("/api/runs") });
}
