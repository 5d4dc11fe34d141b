"use client";
/** TanStack Query hooks for MCP servers (Settings → MCP, the Tool Studio list, the agent tool picker). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-client";
import { refetchAfterWrite } from "@/components/api/refetch-after-write";
import { mcpServersApi } from "@/lib/api/contracts/mcp-servers.shared";
import type { McpServerInput } from "@/lib/mcp/mcp-server-input.shared";

function invalidate(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([refetchAfterWrite(qc, ["mcp-servers"]), refetchAfterWrite(qc, ["audit"])]);
}

export function useMcpServers() {
  return useQuery({
    queryKey: ["mcp-servers"],
    queryFn: () => apiFetch(mcpServersApi.list),
  });
}

export function useAddMcpServer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (draft: McpServerInput) => apiFetch(mcpServersApi.create, { body: draft }),
    onSuccess: () => invalidate(qc),
  });
}

export function useRefreshMcpServer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(mcpServersApi.refresh, { params: { id } }),
    onSettled: () => invalidate(qc),
  });
}

export function useDeleteMcpServer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(mcpServersApi.delete, { params: { id } }),
    onSuccess: () => invalidate(qc),
  });
}

export function useTestCallMcpTool(serverId: string) {
  return useMutation({
    mutationFn: ({ tool, args }: { tool: string; args: Record<string, unknown> }) =>
      apiFetch(mcpServersApi.testCall, { params: { id: serverId }, body: { tool, arguments: args } }),
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
