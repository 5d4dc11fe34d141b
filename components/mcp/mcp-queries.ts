"use client";
/** TanStack Query hooks for MCP servers (Settings → MCP, the Tool Studio list, the agent tool picker). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { legacyApiFetch } from "@/components/api/api-client";
import type { McpOutcome } from "@/lib/mcp/mcp-call-result";
import type { McpServerView } from "@/lib/mcp/mcp-server-view";

export interface McpServerDraft {
  name: string;
  transport: "http" | "sse";
  url: string;
  headers: Record<string, string>;
}

/** What the test-run route answers: the call's outcome and how long it took. */
export type McpTestOutcome = McpOutcome & { durationMs: number };

function invalidate(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ["mcp-servers"] }),
    qc.invalidateQueries({ queryKey: ["audit"] }),
  ]);
}

export function useMcpServers() {
  return useQuery({
    queryKey: ["mcp-servers"],
    queryFn: () => legacyApiFetch<{ servers: McpServerView[] }>("/api/mcp/servers"),
  });
}

export function useAddMcpServer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (draft: McpServerDraft) =>
      legacyApiFetch<{ server: McpServerView }>("/api/mcp/servers", { method: "POST", body: JSON.stringify(draft) }),
    onSuccess: () => invalidate(qc),
  });
}

export function useRefreshMcpServer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      legacyApiFetch<{ server: McpServerView }>(`/api/mcp/servers/${encodeURIComponent(id)}/refresh`, {
        method: "POST",
      }),
    onSettled: () => invalidate(qc),
  });
}

export function useDeleteMcpServer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => legacyApiFetch(`/api/mcp/servers/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidate(qc),
  });
}

export function useTestCallMcpTool(serverId: string) {
  return useMutation({
    mutationFn: ({ tool, args }: { tool: string; args: Record<string, unknown> }) =>
      legacyApiFetch<McpTestOutcome>(`/api/mcp/servers/${encodeURIComponent(serverId)}/call`, {
        method: "POST",
        body: JSON.stringify({ tool, arguments: args }),
      }),
  });
}

/** "Authorization: Bearer x" lines → a header object (blank lines ignored). */
export function parseHeaderLines(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const i = line.indexOf(":");
    if (!line.trim()) continue;
    if (i <= 0) throw new Error(`"${line.trim()}" is not "Name: value"`);
    out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}
