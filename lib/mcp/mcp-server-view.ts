/** An MCP server and its cached tools as the API and pages show them (header values never leave). */
import { mcpToolFlags } from "./mcp-annotations";
import type { McpTransportKind } from "./mcp-connection";

export interface McpToolView {
  name: string;
  title: string | null;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: Record<string, unknown>;
  sideEffecting: boolean;
  idempotent: boolean;
  destructive: boolean;
}

export interface McpServerView {
  id: string;
  name: string;
  transport: McpTransportKind;
  /** "settings": added by an admin; "config": from the operator's ATELIER_MCP_CONFIG file (read-only here). */
  source: "settings" | "config";
  url: string | null;
  /** For a stdio server: the command line it starts. */
  command: string | null;
  headerNames: string[];
  status: "never" | "ok" | "error";
  lastError: string | null;
  refreshedAt: string | null;
  createdAt: string;
  updatedAt: string;
  tools: McpToolView[];
  usedBy: Array<{ agentId: string; name: string }>;
}

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
