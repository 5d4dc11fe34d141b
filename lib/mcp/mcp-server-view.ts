/** An MCP server's cached tool as the API and pages show it (the shapes are in mcp-server-view.shared.ts). */
import { mcpToolFlags } from "./mcp-annotations";
import type { McpServerView, McpToolView } from "./mcp-server-view.shared";

export type { McpServerView, McpToolView };

export interface McpToolRow {
  name: string;
  title: string | null;
  description: string;
  inputSchema: unknown;
  annotations: unknown;
}

export function toMcpToolView(row: McpToolRow): McpToolView {
  const annotations = (row.annotations ?? {}) as Record<string, unknown>;
  const { sideEffecting, idempotent, destructive } = mcpToolFlags(annotations);
  return {
    name: row.name,
    title: row.title,
    description: row.description,
    inputSchema: (row.inputSchema ?? { type: "object" }) as Record<string, unknown>,
    annotations,
    sideEffecting,
    idempotent,
    destructive,
  };
}
