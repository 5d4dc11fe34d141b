/**
 * An MCP server and its cached tools as the API and pages show them (browser-safe); header values
 * never leave the server, only their names. Built by mcp-server-view.ts and mcp-server-store.ts.
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
  url: z.string().nullable(),
  /** For a stdio server: the command line it starts. */
  command: z.string().nullable(),
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
