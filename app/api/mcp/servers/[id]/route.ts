import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { mcpServersApi } from "@/lib/api/contracts/mcp-servers.shared";
import { ANY_ROLE } from "@/lib/auth/roles";
import { changeMcpServer } from "@/lib/mcp/add-mcp-server";
import { deleteMcpServer, getMcpServer } from "@/lib/mcp/mcp-server-store";
import { viewAudience } from "@/lib/mcp/mcp-server-view";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(mcpServersApi.get, { access: ANY_ROLE }, async ({ params, db, principal }) => ({
    server: await getMcpServer(db, params.id, viewAudience(principal)),
  })),
  PUT: defineRoute(mcpServersApi.update, { access: ["admin"] }, async ({ params, body, principal, db }) => ({
    server: await changeMcpServer(db, principal, params.id, body),
  })),
  DELETE: defineRoute(mcpServersApi.delete, { access: ["admin"] }, async ({ params, principal, db }) => {
    await deleteMcpServer(db, principal, params.id);
    return { deleted: params.id };
  }),
});
