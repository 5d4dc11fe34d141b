"use client";
/** TanStack Query hooks of Settings → Prices: the custom price entries, and an admin's create, replace and delete. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { refetchAfterWrite } from "@/components/api/refetch-after-write";
import { pricesApi } from "@/lib/api/contracts/prices.shared";
import type { PriceEntryInput } from "@/lib/prices/price-entry.shared";

const KEY = ["prices"] as const;

/** After a change: the list, the audit log that recorded it. */
function refresh(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([refetchAfterWrite(qc, KEY), refetchAfterWrite(qc, ["audit"])]);
}

export function usePrices() {
  return useQuery({ queryKey: KEY, queryFn: () => apiFetch(pricesApi.list) });
}

export function useSavePrice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PriceEntryInput }) =>
      id ? apiFetch(pricesApi.replace, { params: { id }, body }) : apiFetch(pricesApi.create, { body }),
    onSuccess: () => refresh(qc),
  });
}

export function useDeletePrice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(pricesApi.remove, { params: { id } }),
    onSuccess: () => refresh(qc),
  });
}
