"use client";
/** TanStack Query hooks of the Tool Studio over the tools HTTP API. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ToolDetail } from "@/lib/tool-store/read-tool";
import type { ToolSummary } from "@/lib/tool-store/list-tools";
import type { ToolCallOutcome } from "@/lib/sandbox/tool-call-outcome";
import type { AnalyzedTool, ToolDiagnostic } from "@/lib/tools/tool-types";
import { legacyApiFetch } from "@/components/api/api-client";

export interface LiveAnalysis {
  /** The source this analysis is of. */
  source: string;
  tool: AnalyzedTool | null;
  diagnostics: ToolDiagnostic[];
  preview: AnalyzedTool | null;
  /** The shown tool in the providers' tool formats, as the server builds them. */
  formats: { openai: unknown; anthropic: unknown } | null;
}

export const toolKeys = {
  list: ["tools"] as const,
  detail: (id: string, version?: number) => ["tools", id, version ?? "latest"] as const,
  analyze: (source: string) => ["tools", "analyze", source] as const,
  atelierTypes: ["tools", "atelier-types"] as const,
};

export function useToolList() {
  return useQuery({ queryKey: toolKeys.list, queryFn: () => legacyApiFetch<{ tools: ToolSummary[] }>("/api/tools") });
}

export function useToolDetail(id: string | null, version?: number) {
  return useQuery({
    queryKey: toolKeys.detail(id ?? "-", version),
    queryFn: () =>
      legacyApiFetch<{ tool: ToolDetail }>(`/api/tools/${id}${version ? `?version=${version}` : ""}`).then(
        (r) => r.tool,
      ),
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
      legacyApiFetch<Omit<LiveAnalysis, "source">>("/api/tools/analyze", {
        method: "POST",
        body: JSON.stringify({ source }),
        signal,
      }).then((r): LiveAnalysis => ({ ...r, source })),
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
    queryFn: () => legacyApiFetch<{ path: string; dts: string }>("/api/tools/atelier-types"),
    staleTime: Infinity,
  });
}

/** Saves the source: a new tool (POST) or a new immutable version of an existing one (PUT). */
export function useSaveTool(id: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (source: string) =>
      legacyApiFetch<{ tool: ToolDetail }>(id ? `/api/tools/${id}` : "/api/tools", {
        method: id ? "PUT" : "POST",
        body: JSON.stringify({ source }),
      }).then((r) => r.tool),
    onSuccess: (tool) => {
      qc.setQueryData(toolKeys.detail(tool.id), tool);
      void qc.invalidateQueries({ queryKey: toolKeys.list, exact: true });
    },
  });
}

export function useDeleteTool() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => legacyApiFetch<{ deleted: string }>(`/api/tools/${id}`, { method: "DELETE" }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: toolKeys.list, exact: true }),
  });
}

export function useInvokeTool(id: string | null) {
  return useMutation({
    mutationFn: ({ args, version }: { args: unknown; version?: number }) =>
      legacyApiFetch<ToolCallOutcome>(`/api/tools/${id}/invoke`, {
        method: "POST",
        body: JSON.stringify({ arguments: args, version }),
      }),
  });
}

/** The source of one stored version (for the diff and for restoring). */
export function fetchToolVersion(id: string, version: number): Promise<ToolDetail> {
  return legacyApiFetch<{ tool: ToolDetail }>(`/api/tools/${id}?version=${version}`).then((r) => r.tool);
}
