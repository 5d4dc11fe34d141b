"use client";
/** TanStack Query hooks over the runs HTTP API: the list, one run with its events, and its trace. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { runsApi } from "@/lib/api/contracts/runs.shared";
import type { RunStatus } from "@/lib/events/event-types.shared";

/** The /traces filters as the address holds them: days are the user's local days. */
export interface RunFilters {
  agentId?: string;
  status?: RunStatus;
  /** YYYY-MM-DD, local. */
  from?: string;
  to?: string;
  q?: string;
  page?: number;
}

/** Rows per page of /traces. */
export const RUNS_PAGE_SIZE = 50;

/** A local day's first (or last) instant as the ISO date-time the API reads. */
function localDay(day: string, end: boolean): string | undefined {
  const t = new Date(`${day}T${end ? "23:59:59.999" : "00:00:00.000"}`);
  return Number.isNaN(t.getTime()) ? undefined : t.toISOString();
}

export function runsQuery(f: RunFilters) {
  return {
    limit: RUNS_PAGE_SIZE,
    page: f.page && f.page > 1 ? f.page : undefined,
    agentId: f.agentId || undefined,
    status: f.status || undefined,
    from: f.from ? localDay(f.from, false) : undefined,
    to: f.to ? localDay(f.to, true) : undefined,
    q: f.q?.trim() || undefined,
  };
}

export const runKeys = {
  list: ["runs"] as const,
  filtered: (f: RunFilters) => ["runs", "list", f] as const,
  detail: (id: string) => ["runs", id] as const,
  trace: (id: string) => ["runs", id, "trace"] as const,
  request: (id: string, seq: number) => ["runs", id, "requests", seq] as const,
};

/** A run still going (or waiting for a decision) is looked at again every few seconds. */
const poll = (status: string | undefined) => (status === "running" ? 2_000 : status === "suspended" ? 5_000 : false);

export function useRuns(filters: RunFilters) {
  return useQuery({
    queryKey: runKeys.filtered(filters),
    queryFn: () => apiFetch(runsApi.list, { query: runsQuery(filters) }),
    placeholderData: keepPreviousData,
  });
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
