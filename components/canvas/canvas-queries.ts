"use client";
/** TanStack Query hooks over /api/canvas (lib/api/contracts/canvas.shared.ts): the graph, positions, save. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { canvasApi, type CanvasSaveInput } from "@/lib/api/contracts/canvas.shared";
import type { CanvasGraph } from "@/lib/canvas/canvas-graph.shared";
import { apiFetch } from "@/components/api/api-client";
import { agentKeys } from "@/components/agents/agent-queries";

export const canvasKeys = {
  all: ["canvas"] as const,
  graph: (agentId?: string) => ["canvas", "graph", agentId ?? "workspace"] as const,
};

/** The workspace's graph, or the part around one agent. */
export function useCanvasGraph(agentId?: string) {
  return useQuery({
    queryKey: canvasKeys.graph(agentId),
    queryFn: () => apiFetch(canvasApi.get, { query: { agentId } }),
  });
}

/** Stores dragged positions; every cached graph learns them (no refetch, the drawing stays put). */
export function useSaveCanvasPositions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (positions: Array<{ nodeId: string; x: number; y: number }>) =>
      apiFetch(canvasApi.savePositions, { body: { positions } }),
    onSuccess: (data) => {
      qc.setQueriesData<CanvasGraph>({ queryKey: ["canvas", "graph"] }, (g) =>
        g ? { ...g, positions: { ...g.positions, ...data.positions } } : g,
      );
    },
  });
}

/** Forgets the dragged positions: the automatic layout places every node again. */
export function useResetCanvasPositions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(canvasApi.resetPositions),
    onSuccess: () => {
      qc.setQueriesData<CanvasGraph>({ queryKey: ["canvas", "graph"] }, (g) => (g ? { ...g, positions: {} } : g));
    },
  });
}

/** Saves wiring edits (one version per changed agent); the canvas and every agent query refetch. */
export function useSaveCanvas() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CanvasSaveInput) => apiFetch(canvasApi.save, { body }),
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: agentKeys.list }),
        qc.invalidateQueries({ queryKey: canvasKeys.all }),
      ]);
    },
  });
}
