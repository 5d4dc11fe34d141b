import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { mcpServersApi } from "@/lib/api/contracts/mcp-servers.shared";
import { refreshMcpServer } from "@/lib/mcp/mcp-refresh";
import { getMcpServer } from "@/lib/mcp/mcp-server-store";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: defineRoute(mcpServersApi.refresh, { access: ["admin"] }, async ({ params, db }) => {
    await refreshMcpServer(db, params.id);
    return { server: await getMcpServer(db, params.id, "admin") };
  }),
});
