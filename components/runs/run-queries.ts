"use client";
/** TanStack Query hooks over the runs HTTP API: the list, one run with its events, and its trace. */
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { runsApi } from "@/lib/api/contracts/runs.shared";

export const runKeys = {
  list: ["runs"] as const,
  detail: (id: string) => ["runs", id] as const,
  trace: (id: string) => ["runs", id, "trace"] as const,
  request: (id: string, seq: number) => ["runs", id, "requests", seq] as const,
};

/** A run still going (or waiting for a decision) is looked at again every few seconds. */
const poll = (status: string | undefined) => (status === "running" ? 2_000 : status === "suspended" ? 5_000 : false);

export function useRuns() {
  return useQuery({ queryKey: runKeys.list, queryFn: () => apiFetch(runsApi.list) });
}

export function useRun(id: string) {
  return useQuery({
    queryKey: runKeys.detail(id),
    queryFn: () => apiFetch(runsApi.get, { params: { id } }),
    refetchInterval: (q) => poll(q.state.data?.run.status),
  });
}

export function useRunTrace(id: string) {
  return useQuery({
    queryKey: runKeys.trace(id),
    queryFn: () => apiFetch(runsApi.trace, { params: { id } }),
    refetchInterval: (q) => poll(q.state.data?.run.status),
  });
}

/** One model request of a run, rebuilt from the log (it never changes once the request is logged). */
export function useModelRequest(runId: string, seq: number) {
  return useQuery({
    queryKey: runKeys.request(runId, seq),
    queryFn: () => apiFetch(runsApi.request, { params: { id: runId, seq } }),
    staleTime: Infinity,
    retry: false,
  });
}
