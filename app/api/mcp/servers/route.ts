import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { McpServerInput } from "@/lib/mcp/mcp-server-input";
import { addMcpServer } from "@/lib/mcp/add-mcp-server";
import { listMcpServers } from "@/lib/mcp/mcp-server-store";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Every MCP server (Settings and the operator's config file) with its cached tools; header values never. */
  GET: defineRoute({ access: ANY_ROLE }, async ({ db }) => ({ servers: await listMcpServers(db) })),
  /** Adds a streamable HTTP or SSE server and discovers its tools (a server that is down is still added). */
  POST: defineRoute({ access: ["admin"], body: McpServerInput, status: 201 }, async ({ body, principal, db }) => ({
    server: await addMcpServer(db, principal, body),
  })),
});
