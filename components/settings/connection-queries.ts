"use client";
/** TanStack Query hooks of Settings → Connections: the list, and an admin's create, change and delete. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { refetchAfterWrite } from "@/components/api/refetch-after-write";
import { connectionsApi } from "@/lib/api/contracts/connections.shared";
import type { ConnectionInput, ConnectionPatch } from "@/lib/connections/connection-views.shared";

const KEY = ["connections"] as const;

/** After a change, the list and the audit log that recorded it. */
function refresh(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([refetchAfterWrite(qc, KEY), refetchAfterWrite(qc, ["audit"])]);
}

export function useConnections() {
  return useQuery({ queryKey: KEY, queryFn: () => apiFetch(connectionsApi.list) });
}

export function useCreateConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectionInput) => apiFetch(connectionsApi.create, { body }),
    onSuccess: () => refresh(qc),
  });
}

export function useUpdateConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ name, ...body }: { name: string } & ConnectionPatch) =>
      apiFetch(connectionsApi.update, { params: { name }, body }),
    onSuccess: () => refresh(qc),
  });
}

export function useDeleteConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch(connectionsApi.remove, { params: { name } }),
    onSuccess: () => refresh(qc),
  });
}
