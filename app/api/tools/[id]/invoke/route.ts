import { toolsApi } from "@/lib/api/contracts/tools.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { testRunTool } from "@/lib/runs/use-cases/test-run-tool";
import { server } from "@/lib/server/server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * A test run in the sandbox: `{ok: true, result, logs, events, durationMs}` or
   * `{ok: false, error: {type, message, missing?, unexpected?, invalid?, accepted?, line?}, …}`.
   * A test run has no conversation: ctx.scope ids are empty and emitted events are returned, not stored;
   * `context` (optional) is what `ctx.context` reads, standing for a conversation's context values.
   * A tool any saved version of which is side-effecting or `requiresApproval` needs the approver
   * role (or admin), whichever version runs; other tools author or operator (403 otherwise, before
   * anything runs). Every test run is audited with its arguments (`tool.test_run`).
   */
  POST: defineRoute(
    toolsApi.invoke,
    { access: ["author", "operator", "approver"] },
    ({ params, body, principal, db }) =>
      testRunTool(
        db,
        principal,
        { toolId: params.id, version: body.version, arguments: body.arguments, context: body.context },
        server().runtime.deps.invokeSandbox,
      ),
  ),
});
