"use client";
/** TanStack Query hooks over the agents HTTP API (lib/api/contracts/agents.shared.ts): the list, one agent, save, delete, switch model (versions and labels: agent-version-queries.ts). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AgentInput } from "@/lib/agents/agent-input.shared";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { apiFetch } from "@/components/api/api-client";
import { refetchAfterWrite } from "@/components/api/refetch-after-write";

export const agentKeys = {
  list: ["agents"] as const,
  detail: (id: string) => ["agents", id] as const,
  versions: (id: string) => ["agents", id, "versions"] as const,
  version: (id: string, n: number) => ["agents", id, "versions", n] as const,
  labels: (id: string) => ["agents", id, "labels"] as const,
};

export function useAgents() {
  return useQuery({
    queryKey: agentKeys.list,
    queryFn: () => apiFetch(agentsApi.list),
  });
}

export function useAgent(id: string) {
  return useQuery({
    queryKey: agentKeys.detail(id),
    queryFn: () => apiFetch(agentsApi.get, { params: { id } }),
  });
}

/** Creates (id null) or updates an agent from its JSON. */
export function useSaveAgent(id: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentInput) =>
      id ? apiFetch(agentsApi.update, { params: { id }, body }) : apiFetch(agentsApi.create, { body }),
    onSuccess: (data) => {
      qc.setQueryData(agentKeys.detail(data.agent.id), data);
      void refetchAfterWrite(qc, agentKeys.list, { exact: true });
      // A save that changed the configuration is a new version.
      void qc.invalidateQueries({ queryKey: agentKeys.versions(data.agent.id), exact: true });
    },
  });
}

export function useDeleteAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(agentsApi.delete, { params: { id } }),
    onSuccess: () => refetchAfterWrite(qc, agentKeys.list, { exact: true }),
  });
}

export function useSwitchModel(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => apiFetch(agentsApi.switchModel, { params: { id }, body: { key } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: agentKeys.detail(id) });
      void refetchAfterWrite(qc, agentKeys.list, { exact: true });
    },
  });
}
