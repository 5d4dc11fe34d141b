import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { mcpServersApi } from "@/lib/api/contracts/mcp-servers.shared";
import { ANY_ROLE } from "@/lib/auth/roles";
import { addMcpServer } from "@/lib/mcp/add-mcp-server";
import { listMcpServers } from "@/lib/mcp/mcp-server-store";
import { viewAudience } from "@/lib/mcp/mcp-server-view";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(mcpServersApi.list, { access: ANY_ROLE }, async ({ db, principal }) => ({
    servers: await listMcpServers(db, viewAudience(principal)),
  })),
  POST: defineRoute(mcpServersApi.create, { access: ["admin"] }, async ({ body, principal, db }) => ({
    server: await addMcpServer(db, principal, body),
  })),
});
