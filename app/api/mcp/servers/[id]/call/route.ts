import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { mcpServersApi } from "@/lib/api/contracts/mcp-servers.shared";
import { testCallMcpTool } from "@/lib/mcp/test-call-mcp-tool";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: defineRoute(
    mcpServersApi.testCall,
    { access: ["author", "operator"] },
    async ({ params, body, principal, db }) => testCallMcpTool(db, principal, params.id, body.tool, body.arguments),
  ),
});
