"use client";
/** TanStack Query hooks for the agent editor: one agent, save, delete, switch model. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AgentView } from "@/lib/agents/agent-view";
import type { ModelConfig } from "@/lib/models/model-config";
import { apiFetch } from "@/components/api/api-client";
import { queryKeys } from "@/components/api/queries";

export const agentKey = (id: string) => ["agents", id] as const;

export function useAgent(id: string) {
  return useQuery({ queryKey: agentKey(id), queryFn: () => apiFetch<{ agent: AgentView }>(`/api/agents/${encodeURIComponent(id)}`) });
}

export function useSaveAgent(id: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      apiFetch<{ agent: AgentView }>(id ? `/api/agents/${encodeURIComponent(id)}` : "/api/agents", { method: id ? "PUT" : "POST", body: JSON.stringify(body) }),
    onSuccess: (data) => {
      qc.setQueryData(agentKey(data.agent.id), data);
      void qc.invalidateQueries({ queryKey: queryKeys.agents, exact: true });
    },
  });
}

export function useDeleteAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/agents/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.agents, exact: true }),
  });
}

export function useSwitchModel(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => apiFetch<ModelConfig>(`/api/agents/${encodeURIComponent(id)}/switch-model`, { method: "POST", body: JSON.stringify({ key }) }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: agentKey(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.agents, exact: true });
    },
  });
}
