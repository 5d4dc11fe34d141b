/**
 * The studio as an MCP server (`/api/mcp`): streamable HTTP in stateless mode with the SDK's
 * web-standard transport — a fresh server and transport per request, JSON answers. The caller is
 * the API token's principal (the route authenticates): any role may list; calling needs the
 * operator or author role (as a test run does), runs in the sandbox, and is audited, refused
 * calls included. Argument errors and tool failures are MCP tool errors (`isError: true`).
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { recordAudit } from "../../auth/audit-log";
import { hasAnyRole, type Principal } from "../../auth/roles";
import type { Db } from "../../db/client";
import { invokeTool, type InvokeOutcome } from "../../sandbox/invoke-tool";
import { listServedTools, type ServedTool } from "./served-tools";

export const SERVED_SERVER_INFO = { name: "atelier", version: "0.1.0" };
export const CALL_ROLES = ["operator", "author"] as const;

export interface EndpointDeps {
  invoke?: (request: Parameters<typeof invokeTool>[0]) => Promise<InvokeOutcome>;
  /** The JSON-RPC body when the caller already read it (the route bounds its size). */
  parsedBody?: unknown;
}

export function toMcpTool(t: ServedTool): Tool {
  return {
    name: t.schema.name,
    description: t.schema.description,
    inputSchema: t.schema.parameters as Tool["inputSchema"],
    annotations: { readOnlyHint: !t.tool.sideEffecting, idempotentHint: t.tool.idempotent },
  };
}

function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

function outcomeResult(outcome: InvokeOutcome): CallToolResult {
  if (!outcome.ok) {
    const e = outcome.error as { type: string; message: string };
    return toolError(`${e.type}: ${e.message}`);
  }
  const text = typeof outcome.result === "string" ? outcome.result : JSON.stringify(outcome.result ?? null);
  const structured =
    outcome.result !== null && typeof outcome.result === "object" && !Array.isArray(outcome.result)
      ? { structuredContent: outcome.result as Record<string, unknown> }
      : {};
  return { content: [{ type: "text", text }], ...structured };
}

export function createStudioMcpServer(db: Db, principal: Principal, deps: EndpointDeps = {}): Server {
  const server = new Server(SERVED_SERVER_INFO, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await listServedTools(db)).map(toMcpTool),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    const audit = (details: Record<string, unknown>) =>
      recordAudit(db, { actor: principal, action: "mcp.tool_call", target: name, details: { via: "mcp", ...details } });
    if (!hasAnyRole(principal, CALL_ROLES)) {
      await audit({ ok: false, refused: "role" });
      return toolError(`Calling tools needs one of the roles: ${CALL_ROLES.join(", ")}.`);
    }
    const served = (await listServedTools(db)).find((t) => t.schema.name === name);
    if (!served) {
      await audit({ ok: false, refused: "unknown_tool" });
      return toolError(`No tool named '${name}' is served here (tools that require approval are not served).`);
    }
    const outcome = await (deps.invoke ?? invokeTool)({
      tool: served.tool,
      source: served.source,
      arguments: args ?? {},
    });
    await audit({
      ok: outcome.ok,
      toolId: served.toolId,
      version: served.version,
      durationMs: outcome.durationMs,
      ...(outcome.ok ? {} : { error: (outcome.error as { type: string }).type }),
    });
    return outcomeResult(outcome);
  });
  return server;
}

/** Answers one POST to `/api/mcp` (JSON-RPC in, JSON out). */
export async function handleMcpRequest(req: Request, db: Db, principal: Principal, deps: EndpointDeps = {}) {
  const server = createStudioMcpServer(db, principal, deps);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req, deps.parsedBody === undefined ? {} : { parsedBody: deps.parsedBody });
  } finally {
    await transport.close().catch(() => undefined);
    await server.close().catch(() => undefined);
  }
}
