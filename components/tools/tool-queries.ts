"use client";
/** TanStack Query hooks of the Tool Studio over the tools HTTP API. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toolsApi } from "@/lib/api/contracts/tools.shared";
import type { ToolDetail } from "@/lib/tool-store/tool-views.shared";
import type { ToolAnalysisView } from "@/lib/tools/tool-analysis.shared";
import { apiFetch } from "@/components/api/api-client";
import { refetchAfterWrite } from "@/components/api/refetch-after-write";

/** The server's analysis of `source` (the shown tool in the providers' formats, as the server builds them). */
export type LiveAnalysis = ToolAnalysisView & {
  /** The source this analysis is of. */
  source: string;
};

export const toolKeys = {
  list: ["tools"] as const,
  detail: (id: string, version?: number) => ["tools", id, version ?? "latest"] as const,
  analyze: (source: string) => ["tools", "analyze", source] as const,
  atelierTypes: ["tools", "atelier-types"] as const,
};

export function useToolList() {
  return useQuery({ queryKey: toolKeys.list, queryFn: () => apiFetch(toolsApi.list) });
}

export function useToolDetail(id: string | null, version?: number) {
  return useQuery({
    queryKey: toolKeys.detail(id ?? "-", version),
    queryFn: () => fetchToolVersion(id!, version),
    enabled: id !== null,
    staleTime: version ? Infinity : 5_000,
  });
}

/**
 * The analysis of `source` (already debounced by the caller); the previous one stays shown meanwhile.
 * Only authors (and admins) may ask the server to analyse; others pass `enabled: false`.
 */
export function useToolAnalysis(source: string, enabled = true) {
  return useQuery<LiveAnalysis, Error, LiveAnalysis, ReturnType<typeof toolKeys.analyze>>({
    queryKey: toolKeys.analyze(source),
    queryFn: ({ signal }) =>
      apiFetch(toolsApi.analyze, { body: { source }, signal }).then((r): LiveAnalysis => ({ ...r, source })),
    enabled: enabled && source.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
  });
}

/** A saved version's stored analysis, shown to those who may not ask for a live one (no provider formats). */
export function storedAnalysis(tool: ToolDetail | null): LiveAnalysis | null {
  if (!tool) return null;
  const v = tool.version;
  return {
    source: v.source,
    tool: v.hasErrors ? null : v.analysis,
    preview: v.analysis,
    diagnostics: v.diagnostics,
    formats: null,
  };
}

/** The `atelier` module's declarations for the editor (completion, hover, types). */
export function useAtelierTypes() {
  return useQuery({
    queryKey: toolKeys.atelierTypes,
    queryFn: () => apiFetch(toolsApi.atelierTypes),
    staleTime: Infinity,
  });
}

/** Saves the source: a new tool (POST) or a new immutable version of an existing one (PUT). */
export function useSaveTool(id: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (source: string) =>
      (id
        ? apiFetch(toolsApi.update, { params: { id }, body: { source } })
        : apiFetch(toolsApi.create, { body: { source } })
      ).then((r) => r.tool),
    onSuccess: (tool) => {
      qc.setQueryData(toolKeys.detail(tool.id), tool);
      void refetchAfterWrite(qc, toolKeys.list, { exact: true });
    },
  });
}

export function useDeleteTool() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(toolsApi.delete, { params: { id } }),
    onSuccess: () => void refetchAfterWrite(qc, toolKeys.list, { exact: true }),
  });
}

export function useInvokeTool(id: string) {
  return useMutation({
    mutationFn: ({ args, version }: { args: unknown; version?: number }) =>
      apiFetch(toolsApi.invoke, { params: { id }, body: { arguments: args, version } }),
  });
}

/** The tool with one stored version, the latest unless `version` (for the diff and for restoring). */
export function fetchToolVersion(id: string, version?: number): Promise<ToolDetail> {
  return apiFetch(toolsApi.get, { params: { id }, query: { version } }).then((r) => r.tool);
}
