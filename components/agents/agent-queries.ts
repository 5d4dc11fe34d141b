"use client";
/** TanStack Query hooks over the agents HTTP API: the list, one agent, save, delete, switch model. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AgentSummary } from "@/lib/agents/list-agents";
import type { AgentView } from "@/lib/agents/agent-view";
import type { ModelConfig } from "@/lib/models/model-config.shared";
import { legacyApiFetch } from "@/components/api/api-client";

export const agentKeys = {
  list: ["agents"] as const,
  detail: (id: string) => ["agents", id] as const,
};

export function useAgents() {
  return useQuery({
    queryKey: agentKeys.list,
    queryFn: () => legacyApiFetch<{ agents: AgentSummary[] }>("/api/agents"),
  });
}

export function useAgent(id: string) {
  return useQuery({
    queryKey: agentKeys.detail(id),
    queryFn: () => legacyApiFetch<{ agent: AgentView }>(`/api/agents/${encodeURIComponent(id)}`),
  });
}

export function useSaveAgent(id: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      legacyApiFetch<{ agent: AgentView }>(id ? `/api/agents/${encodeURIComponent(id)}` : "/api/agents", {
        method: id ? "PUT" : "POST",
        body: JSON.stringify(body),
      }),
    onSuccess: (data) => {
      qc.setQueryData(agentKeys.detail(data.agent.id), data);
      void qc.invalidateQueries({ queryKey: agentKeys.list, exact: true });
    },
  });
}

export function useDeleteAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => legacyApiFetch(`/api/agents/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: agentKeys.list, exact: true }),
  });
}

export function useSwitchModel(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      legacyApiFetch<ModelConfig>(`/api/agents/${encodeURIComponent(id)}/switch-model`, {
        method: "POST",
        body: JSON.stringify({ key }),
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: agentKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: agentKeys.list, exact: true });
    },
  });
}
