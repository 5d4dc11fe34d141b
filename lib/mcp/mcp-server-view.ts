/** An MCP server's cached tool as the API and pages show it (the shapes are in mcp-server-view.shared.ts). */
import type { Principal } from "../auth/roles";
import { mcpToolFlags } from "./mcp-annotations";
import type { McpServerView, McpToolView, McpViewAudience } from "./mcp-server-view.shared";

export type { McpServerView, McpToolView, McpViewAudience };

/** Admins see what the operator configured; every other role a view without secrets in it. */
export function viewAudience(principal: Principal): McpViewAudience {
  return principal.roles.includes("admin") ? "admin" : "member";
}

/**
 * A URL without what may carry a secret — userinfo, query string, fragment: its origin and path.
 * Null when it does not parse (nothing of it is shown then).
 */
export function redactUrl(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return null;
  }
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
