"use client";
/** TanStack Query hooks of webhooks (admin): the endpoints, one endpoint's delivery log, changes and test events. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { refetchAfterWrite } from "@/components/api/refetch-after-write";
import { webhooksApi } from "@/lib/api/contracts/webhooks.shared";
import type { WebhookInput } from "@/lib/webhooks/webhook-views.shared";

const KEY = ["webhooks"] as const;

function refresh(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([refetchAfterWrite(qc, KEY), refetchAfterWrite(qc, ["audit"])]);
}

export function useWebhooks() {
  return useQuery({ queryKey: KEY, queryFn: () => apiFetch(webhooksApi.list) });
}

/** The endpoint's deliveries, newest first; refreshed while one is pending (retries land on their own). */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: [...KEY, id, "deliveries"],
    queryFn: () => apiFetch(webhooksApi.deliveries, { params: { id }, query: { limit: 50 } }),
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === "pending") ? 2000 : false),
  });
}

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookInput) => apiFetch(webhooksApi.create, { body }),
    onSuccess: () => refresh(qc),
  });
}

export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookInput }) =>
      apiFetch(webhooksApi.update, { params: { id }, body }),
    onSuccess: () => refresh(qc),
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(webhooksApi.remove, { params: { id } }),
    onSuccess: () => refresh(qc),
  });
}

export function useSendTestEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(webhooksApi.test, { params: { id } }),
    onSuccess: () => refresh(qc),
  });
}
