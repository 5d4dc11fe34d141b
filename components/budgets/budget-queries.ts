"use client";
/** TanStack Query hooks of budgets: the list with each window's use, the banners' alerts, an admin's changes. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { refetchAfterWrite } from "@/components/api/refetch-after-write";
import { budgetsApi } from "@/lib/api/contracts/budgets.shared";
import type { BudgetInput } from "@/lib/budgets/budget-views.shared";

const KEY = ["budgets"] as const;

function refresh(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([refetchAfterWrite(qc, KEY), refetchAfterWrite(qc, ["audit"])]);
}

export function useBudgets() {
  return useQuery({ queryKey: KEY, queryFn: () => apiFetch(budgetsApi.list) });
}

/** The thresholds crossed in budgets' current windows; `agentId`: that agent's budgets and the workspace's. */
export function useBudgetAlerts(agentId?: string) {
  return useQuery({
    queryKey: [...KEY, "alerts", agentId ?? null],
    queryFn: () => apiFetch(budgetsApi.alerts, { query: { active: "1", ...(agentId ? { agentId } : {}) } }),
    refetchInterval: 30_000,
  });
}

export function useBudgetScopes() {
  return useQuery({ queryKey: [...KEY, "scopes"], queryFn: () => apiFetch(budgetsApi.scopes) });
}

export function useSaveBudget() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: BudgetInput }) =>
      id ? apiFetch(budgetsApi.update, { params: { id }, body }) : apiFetch(budgetsApi.create, { body }),
    onSuccess: () => refresh(qc),
  });
}

export function useDeleteBudget() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(budgetsApi.remove, { params: { id } }),
    onSuccess: () => refresh(qc),
  });
}
