import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { readJsonBody } from "@/lib/api/read-body";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { compactConversation } from "@/lib/runs/compaction/manual";
import { nextContextView } from "@/lib/runs/compaction/next-context";
import { readyRunRuntime } from "@/lib/runs/queue/ready-runtime";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });
const Body = z
  .object({
    /** Overrides the agent's strategy for this compaction; omitted = the agent's. */
    strategy: z.enum(["summarize", "sliding_window"]).optional(),
  })
  .strict();

/** The body is optional: no body (or `{}`) compacts with the agent's own strategy. */
async function optionalBody(req: Request): Promise<unknown> {
  if (!req.body || req.headers.get("content-length") === "0") return {};
  return readJsonBody(req, 4096);
}

/** What the model sees next: the context the conversation's next request carries, with its estimate. */
const getHandler = defineRoute({ access: ANY_ROLE, params: Params }, async ({ params }) => ({
  context: await nextContextView(await readyRunRuntime(), params.id),
}));

/** Compacts the conversation's context now, outside any run (events with runId null). */
const postHandler = defineRoute({ access: ["operator"], params: Params }, async ({ req, params }) => {
  const body = Body.parse(await optionalBody(req));
  const rt = await readyRunRuntime();
  const outcome = await compactConversation(rt, params.id, { strategy: body.strategy });
  return {
    event: outcome.event,
    usage: outcome.usage,
    summarizerError: outcome.summarizerError,
    context: await nextContextView(rt, params.id),
  };
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: getHandler, POST: postHandler });
