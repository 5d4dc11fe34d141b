import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { mcpServersApi } from "@/lib/api/contracts/mcp-servers.shared";
import { TEST_CALL_ROLES, testCallMcpTool } from "@/lib/mcp/test-call-mcp-tool";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * A read-only tool (`readOnlyHint: true`) needs author or operator; any other tool needs approver
   * (admin may do both): 403 otherwise. Every test call is audited with its arguments.
   */
  POST: defineRoute(mcpServersApi.testCall, { access: TEST_CALL_ROLES }, async ({ params, body, principal, db }) =>
    testCallMcpTool(db, principal, params.id, body.tool, body.arguments),
  ),
});
