"use client";
/** TanStack Query hooks of Evals → datasets over /api/datasets. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { refetchAfterWrite } from "@/components/api/refetch-after-write";
import { datasetsApi } from "@/lib/api/contracts/datasets.shared";
import type { DatasetImportInput, DatasetInput } from "@/lib/evals/dataset.shared";

export const datasetKeys = {
  all: ["datasets"] as const,
  detail: (id: string, revision?: number) => ["datasets", id, revision ?? "current"] as const,
};

function refresh(qc: ReturnType<typeof useQueryClient>) {
  return refetchAfterWrite(qc, datasetKeys.all);
}

export function useDatasets() {
  return useQuery({ queryKey: datasetKeys.all, queryFn: () => apiFetch(datasetsApi.list) });
}

/** The dataset at its current revision, or at `revision` (an old revision never changes). */
export function useDataset(id: string, revision?: number) {
  return useQuery({
    queryKey: datasetKeys.detail(id, revision),
    queryFn: () => apiFetch(datasetsApi.get, { params: { id }, query: revision ? { revision } : {} }),
    staleTime: revision ? Infinity : 0,
  });
}

export function useCreateDataset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DatasetInput) => apiFetch(datasetsApi.create, { body }),
    onSuccess: () => refresh(qc),
  });
}

export function useUpdateDataset(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DatasetInput) => apiFetch(datasetsApi.update, { params: { id }, body }),
    onSuccess: () => refresh(qc),
  });
}

export function useDeleteDataset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(datasetsApi.remove, { params: { id } }),
    onSuccess: () => refresh(qc),
  });
}

export function useImportDataset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DatasetImportInput) => apiFetch(datasetsApi.import, { body }),
    onSuccess: () => refresh(qc),
  });
}
