"use client";
/** TanStack Query hooks over the runs HTTP API: the list, one run with its events, and its trace. */
import { useQuery } from "@tanstack/react-query";
import { legacyApiFetch } from "@/components/api/api-client";
import type { RunDetail } from "@/components/conversations/event-types";
import type { RunSummary } from "@/lib/db/list-runs";
import type { RunTrace } from "@/lib/events/run-trace";

export const runKeys = {
  list: ["runs"] as const,
  detail: (id: string) => ["runs", id] as const,
  trace: (id: string) => ["runs", id, "trace"] as const,
};

/** A run still going (or waiting for a decision) is looked at again every few seconds. */
const poll = (status: string | undefined) => (status === "running" ? 2_000 : status === "suspended" ? 5_000 : false);

export function useRuns() {
  return useQuery({ queryKey: runKeys.list, queryFn: () => legacyApiFetch<{ runs: RunSummary[] }>("/api/runs") });
}

export function useRun(id: string) {
  return useQuery({
    queryKey: runKeys.detail(id),
    queryFn: () => legacyApiFetch<RunDetail>(`/api/runs/${encodeURIComponent(id)}`),
    refetchInterval: (q) => poll(q.state.data?.run.status),
  });
}

export function useRunTrace(id: string) {
  return useQuery({
    queryKey: runKeys.trace(id),
    queryFn: () => legacyApiFetch<RunTrace>(`/api/runs/${encodeURIComponent(id)}/trace`),
    refetchInterval: (q) => poll(q.state.data?.run.status),
  });
}
