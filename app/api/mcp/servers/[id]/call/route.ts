import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { testCallMcpTool } from "@/lib/mcp/test-call-mcp-tool";

export const dynamic = "force-dynamic";

const Body = z.object({
  tool: z.string().trim().min(1, "Name the server's tool"),
  arguments: z.record(z.string(), z.unknown()).default({}),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * A test run of an imported tool (the Tool Studio's panel): `{ok: true, result, durationMs}` or
   * `{ok: false, error: {type, message}, durationMs}`; audited like every MCP call.
   */
  POST: defineRoute(
    { access: ["author", "operator"], params: z.object({ id: z.string().min(1) }), body: Body },
    async ({ params, body, principal, db }) => testCallMcpTool(db, principal, params.id, body.tool, body.arguments),
  ),
});
