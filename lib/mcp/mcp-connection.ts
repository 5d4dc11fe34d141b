/**
 * How to reach one MCP server: by URL over streamable HTTP or the older SSE transport (with
 * optional request headers), or — only from the operator's config file — a stdio command.
 */
export type { McpTransportKind } from "./mcp-server-view.shared";

export type McpConnection =
  | { transport: "http" | "sse"; url: string; headers: Record<string, string> }
  | { transport: "stdio"; command: string; args: string[]; env: Record<string, string>; cwd?: string };
