"use client";
/**
 * TanStack Query hooks over an agent's versions and release labels (lib/api/contracts/
 * agents.shared.ts): the history, one version, restoring one as the newest, the labels and moving
 * one. A version never changes once saved, so a fetched one stays fresh.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { agentKeys } from "./agent-queries";

export function useAgentVersions(id: string) {
  return useQuery({
    queryKey: agentKeys.versions(id),
    queryFn: () => apiFetch(agentsApi.versions, { params: { id } }),
  });
}

/** Version n of the agent (null: not asked for yet). */
export function useAgentVersion(id: string, n: number | null) {
  return useQuery({
    queryKey: agentKeys.version(id, n ?? 0),
    queryFn: () => apiFetch(agentsApi.version, { params: { id, n: n ?? 0 } }),
    enabled: n !== null && n > 0,
    staleTime: Infinity,
  });
}

export function useAgentLabels(id: string) {
  return useQuery({
    queryKey: agentKeys.labels(id),
    queryFn: () => apiFetch(agentsApi.labels, { params: { id } }),
  });
}

/** After anything that makes a version or moves a label: the history, labels, the agent and the list. */
export function refreshVersions(qc: QueryClient, id: string) {
  void qc.invalidateQueries({ queryKey: agentKeys.versions(id), exact: true });
  void qc.invalidateQueries({ queryKey: agentKeys.labels(id), exact: true });
  void qc.invalidateQueries({ queryKey: agentKeys.list, exact: true });
}

/** Saves version n's configuration as the newest version (409 tool_gone names a tool deleted since). */
export function useRestoreVersion(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (n: number) => apiFetch(agentsApi.restoreVersion, { params: { id, n } }),
    onSuccess: (data) => {
      qc.setQueryData(agentKeys.detail(id), data);
      refreshVersions(qc, id);
    },
  });
}

/** Points a label at a version (authors); `freezeTools` pins follow-latest tools in a new version first. */
export function useMoveLabel(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ label, version, freezeTools }: { label: string; version: number; freezeTools?: boolean }) =>
      apiFetch(agentsApi.moveLabel, {
        params: { id, label },
        body: freezeTools ? { version, freezeTools: true } : { version },
      }),
    onSuccess: (res) => {
      refreshVersions(qc, id);
      // Freezing saved a new version: the agent's latest moved too.
      if (res.frozenFrom !== undefined) void qc.invalidateQueries({ queryKey: agentKeys.detail(id), exact: true });
    },
  });
}
