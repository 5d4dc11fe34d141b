/**
 * An MCP server and its cached tools as the API and pages show them (browser-safe). What each role
 * is sent is exactly this shape: header names but never their values, a stdio server's program but
 * never its environment, and — for every role but admin — neither a stdio server's arguments nor
 * the userinfo, query or fragment of a URL (they often carry keys). Built by mcp-server-view.ts.
 */
import { z } from "zod";

/** How a server is reached: streamable HTTP, the older SSE transport, or (config file only) stdio. */
export const McpTransportKind = z.enum(["http", "sse", "stdio"]);
export type McpTransportKind = z.infer<typeof McpTransportKind>;

/** "settings": added by an admin; "config": from the operator's ATELIER_MCP_CONFIG file (read-only here). */
export const McpServerSource = z.enum(["settings", "config"]);
export type McpServerSource = z.infer<typeof McpServerSource>;

/** The last discovery: never tried, answered, or failed (the cached tools are kept). */
export const McpServerStatus = z.enum(["never", "ok", "error"]);
export type McpServerStatus = z.infer<typeof McpServerStatus>;

export const McpToolView = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string(),
  /** The tool's JSON Schema as the server declared it. */
  inputSchema: z.record(z.string(), z.unknown()),
  /** The server's annotations (`readOnlyHint`, `destructiveHint`, ...), as it sent them. */
  annotations: z.record(z.string(), z.unknown()),
  sideEffecting: z.boolean(),
  idempotent: z.boolean(),
  destructive: z.boolean(),
});
export type McpToolView = z.infer<typeof McpToolView>;

export const McpServerView = z.object({
  id: z.string(),
  name: z.string(),
  transport: McpTransportKind,
  source: McpServerSource,
  /**
   * An http/sse server's URL: as configured for admins; for other roles its origin and path only
   * (no userinfo, query string or fragment). Null for a stdio server.
   */
  url: z.string().nullable(),
  /** For a stdio server: the program it starts (without its arguments). Null otherwise. */
  command: z.string().nullable(),
  /** For a stdio server, admins only: the program's arguments. Null otherwise (its environment is never sent). */
  args: z.array(z.string()).nullable(),
  /** The names of the request headers sent to the server; their values are never sent. */
  headerNames: z.array(z.string()),
  status: McpServerStatus,
  lastError: z.string().nullable(),
  refreshedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  tools: z.array(McpToolView),
  usedBy: z.array(z.object({ agentId: z.string(), name: z.string() })),
});
export type McpServerView = z.infer<typeof McpServerView>;

/** Who a server view is for: `admin` sees a stdio server's arguments and whole URLs, `member` does not. */
export type McpViewAudience = "admin" | "member";
