"use client";
/**
 * TanStack Query hooks of Evals → experiments over /api/experiments: the list (per dataset), one
 * experiment kept live by its progress stream while it runs, starting and cancelling one, and the
 * comparison of two. The export is a plain download link (`experimentExportUrl`).
 */
import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, apiUrl } from "@/components/api/api-client";
import { refetchAfterWrite } from "@/components/api/refetch-after-write";
import { experimentsApi, type ExperimentInput } from "@/lib/api/contracts/experiments.shared";
import { ExperimentSummary, type ExperimentStatus, type ExperimentView } from "@/lib/evals/experiment.shared";

export const experimentKeys = {
  all: ["experiments"] as const,
  list: (datasetId?: string) => ["experiments", "list", datasetId ?? "all"] as const,
  detail: (id: string) => ["experiments", "detail", id] as const,
  compare: (id: string, otherId: string) => ["experiments", "compare", id, otherId] as const,
};

/** Still moving: the page follows its progress and refreshes its cases. */
export const isLive = (s: ExperimentStatus) => s === "queued" || s === "running";

export function useExperiments(datasetId?: string) {
  return useQuery({
    queryKey: experimentKeys.list(datasetId),
    queryFn: () => apiFetch(experimentsApi.list, { query: datasetId ? { datasetId } : {} }),
    // A running experiment's totals move: refresh the list while one runs.
    refetchInterval: (q) => (q.state.data?.experiments.some((x) => isLive(x.status)) ? 3000 : false),
  });
}

/**
 * One experiment. While it runs, its progress stream (`event: progress`, an ExperimentSummary)
 * updates the totals at once and the cases are refetched every few seconds; when it ends the
 * whole view is read once more.
 */
export function useExperiment(id: string) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: experimentKeys.detail(id),
    queryFn: () => apiFetch(experimentsApi.get, { params: { id } }),
    refetchInterval: (q) => (q.state.data && isLive(q.state.data.status) ? 4000 : false),
  });
  const live = query.data ? isLive(query.data.status) : false;
  useEffect(() => {
    if (!live || typeof EventSource === "undefined") return;
    const source = new EventSource(apiUrl(experimentsApi.progress, { params: { id } }));
    source.addEventListener("progress", (e) => {
      const parsed = ExperimentSummary.safeParse(JSON.parse((e as MessageEvent<string>).data));
      if (!parsed.success) return;
      qc.setQueryData<ExperimentView>(experimentKeys.detail(id), (old) => (old ? { ...old, ...parsed.data } : old));
      if (!isLive(parsed.data.status)) {
        source.close();
        void refetchAfterWrite(qc, experimentKeys.all);
      }
    });
    // The stream ends when the experiment does; polling covers a dropped stream.
    source.onerror = () => source.close();
    return () => source.close();
  }, [id, live, qc]);
  return query;
}

export function useStartExperiment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ExperimentInput) => apiFetch(experimentsApi.create, { body }),
    onSuccess: () => refetchAfterWrite(qc, experimentKeys.all),
  });
}

export function useCancelExperiment(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(experimentsApi.cancel, { params: { id } }),
    onSuccess: () => refetchAfterWrite(qc, experimentKeys.all),
  });
}

export function useExperimentComparison(id: string, otherId: string) {
  return useQuery({
    queryKey: experimentKeys.compare(id, otherId),
    queryFn: () => apiFetch(experimentsApi.compare, { params: { id, otherId } }),
  });
}

/** The download link of the results as JSON or CSV. */
export function experimentExportUrl(id: string, format: "json" | "csv"): string {
  return apiUrl(experimentsApi.export, { params: { id }, query: { format } });
}
