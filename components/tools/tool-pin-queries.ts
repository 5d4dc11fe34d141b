"use client";
/**
 * Upgrading agents to a tool's newest runnable version (POST /api/tools/{id}/upgrade), and the
 * tools attached to an agent read with their pins (the tool's used-by answer). An upgrade saves
 * agent versions: the agents' own queries (detail, versions, labels, list) are refreshed with it.
 */
import { useMutation, useQueries, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { agentKeys } from "@/components/agents/agent-queries";
import { refreshVersions } from "@/components/agents/agent-version-queries";
import { toolsApi } from "@/lib/api/contracts/tools.shared";
import type { ToolDetail } from "@/lib/tool-store/tool-views.shared";
import { fetchToolVersion, toolKeys } from "./tool-queries";

export function useUpgradeAgents(toolId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (agentIds: string[]) =>
      apiFetch(toolsApi.upgrade, { params: { id: toolId }, body: { agentIds } }).then((r) => r.upgrades),
    onSuccess: (upgrades) => {
      void qc.invalidateQueries({ queryKey: toolKeys.detail(toolId), exact: true });
      for (const u of upgrades) {
        if (u.status !== "upgraded") continue;
        void qc.invalidateQueries({ queryKey: agentKeys.detail(u.agentId), exact: true });
        refreshVersions(qc, u.agentId);
      }
    },
  });
}

/** The latest version of each tool (its pins in `usedBy`), by id; missing while loading or failed. */
export function useToolDetails(ids: string[]): Map<string, ToolDetail> {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: toolKeys.detail(id),
      queryFn: () => fetchToolVersion(id),
      staleTime: 5_000,
    })),
  });
  const out = new Map<string, ToolDetail>();
  results.forEach((r, i) => {
    if (r.data) out.set(ids[i], r.data);
  });
  return out;
}
