import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { testRunTool } from "@/lib/runs/tools/test-run-tool";

export const dynamic = "force-dynamic";

const Body = z.object({
  arguments: z.unknown().refine((v) => v !== undefined, { message: "Send the tool's arguments as a JSON object" }),
  version: z.number().int().min(1).optional(),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * A test run in the sandbox: `{ok: true, result, logs, events, durationMs}` or
   * `{ok: false, error: {type, message, missing?, unexpected?, invalid?, accepted?, line?}, …}`.
   * A test run has no conversation: ctx.scope ids are empty and emitted events are returned, not stored.
   * A `requiresApproval` tool needs the approver role (403 otherwise); test runs of side-effecting
   * tools are audited (`tool.test_run`).
   */
  POST: defineRoute(
    { access: ["author", "operator"], params: z.object({ id: z.string().min(1) }), body: Body },
    ({ params, body, principal, db }) =>
      testRunTool(db, principal, { toolId: params.id, version: body.version, arguments: body.arguments }),
  ),
});
