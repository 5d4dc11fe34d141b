/**
 * The MCP servers HTTP API (docs/http-contract.md): the servers the studio imports tools from
 * (Settings and the operator's config file), their discovery, and a test run of an imported tool.
 * The studio's own MCP endpoint (`POST /api/mcp`, JSON-RPC) is not part of it.
 */
import { z } from "zod";
import { DeletedResponse, endpoint } from "../contract.shared";
import { McpTestOutcome } from "../../mcp/mcp-call-result.shared";
import { McpServerInput, McpServerPatch } from "../../mcp/mcp-server-input.shared";
import { McpServerView } from "../../mcp/mcp-server-view.shared";

const ServerParams = z.object({ id: z.string().min(1) });
const ServerAnswer = z.object({ server: McpServerView });

export const mcpServersApi = {
  /**
   * Every MCP server (Settings and the operator's config file) with its cached tools. Header and env
   * values never; a stdio server's arguments and a URL's userinfo, query and fragment to admins only.
   */
  list: endpoint({
    method: "GET",
    path: "/api/mcp/servers",
    response: z.object({ servers: z.array(McpServerView) }),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/mcp/servers/:id",
    params: ServerParams,
    response: ServerAnswer,
  }),
  /** Adds a streamable HTTP or SSE server and discovers its tools (a server that is down is still added). */
  create: endpoint({
    method: "POST",
    path: "/api/mcp/servers",
    body: McpServerInput,
    response: ServerAnswer,
    status: 201,
  }),
  /** Changes a Settings server; a new URL, transport or headers re-discovers its tools. */
  update: endpoint({
    method: "PUT",
    path: "/api/mcp/servers/:id",
    params: ServerParams,
    body: McpServerPatch,
    response: ServerAnswer,
  }),
  /** Removes a Settings server no agent uses (409 naming the agents otherwise). */
  delete: endpoint({
    method: "DELETE",
    path: "/api/mcp/servers/:id",
    params: ServerParams,
    response: DeletedResponse,
  }),
  /**
   * Re-discovers the server's tools now. A server that does not answer: 502 mcp_server_unavailable,
   * and its cached tools stay as they were (status "error").
   */
  refresh: endpoint({
    method: "POST",
    path: "/api/mcp/servers/:id/refresh",
    params: ServerParams,
    response: ServerAnswer,
  }),
  /**
   * A test run of an imported tool (the Tool Studio's panel): `{ok: true, result, durationMs}` or
   * `{ok: false, error: {type, message}, durationMs}`; audited with its arguments. A tool not marked
   * read-only needs the approver role (403 otherwise), a read-only one author or operator.
   */
  testCall: endpoint({
    method: "POST",
    path: "/api/mcp/servers/:id/call",
    params: ServerParams,
    body: z.object({
      tool: z.string().trim().min(1, "Name the server's tool"),
      arguments: z.record(z.string(), z.unknown()).default({}),
    }),
    response: McpTestOutcome,
  }),
};
