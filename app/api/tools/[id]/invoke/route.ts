import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { getDb } from "@/lib/db/client";
import { getRunnableTool } from "@/lib/db/tool-store";
import { invokeTool } from "@/lib/sandbox/invoke-tool";

export const dynamic = "force-dynamic";

const Body = z.object({
  arguments: z.unknown().refine((v) => v !== undefined, { message: "Send the tool's arguments as a JSON object" }),
  version: z.number().int().min(1).optional(),
});

/**
 * A test run in the sandbox: `{ok: true, result, logs, events, durationMs}` or
 * `{ok: false, error: {type, message, missing?, unexpected?, invalid?, accepted?, line?}, …}`.
 * A test run has no conversation: ctx.scope ids are empty and emitted events are returned, not stored.
 */
export const POST = defineRoute({ access: ["author", "operator"], params: z.object({ id: z.string().min(1) }), body: Body }, async ({ params, body }) => {
  const { tool, source } = await getRunnableTool(getDb(), params.id, body.version);
  return invokeTool({ tool, source, arguments: body.arguments });
});

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused(["POST"]);
