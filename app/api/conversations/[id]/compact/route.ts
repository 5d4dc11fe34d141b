import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { defineRoute } from "@/lib/api/define-route";
import { readJsonBody } from "@/lib/api/read-body";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { compactConversation } from "@/lib/runs/use-cases/compact-conversation";
import { nextContextView } from "@/lib/runs/read-models/compactions/next-context";
import { readyRunRuntime } from "@/lib/server/server";

export const dynamic = "force-dynamic";

/** What the model sees next: the context the conversation's next request carries, with its estimate. */
const getHandler = defineRoute(conversationsApi.nextContext, { access: ANY_ROLE }, async ({ params }) => ({
  context: await nextContextView(await readyRunRuntime(), params.id),
}));

/**
 * The body is optional (no body, or `{}`, compacts with the agent's own strategy), which the
 * wrapper's body reading does not allow: the route reads it here, with the contract's schema.
 */
const compact = conversationsApi.compact;
async function optionalBody(req: Request): Promise<unknown> {
  if (!req.body || req.headers.get("content-length") === "0") return undefined;
  return readJsonBody(req, 4096);
}

/** Compacts the conversation's context now, outside any run (events with runId null). */
const postHandler = defineRoute({ ...compact, body: undefined }, { access: ["operator"] }, async ({ req, params }) => {
  const body = compact.body.parse(await optionalBody(req));
  const rt = await readyRunRuntime();
  const outcome = await compactConversation(rt, params.id, { strategy: body?.strategy });
  return {
    event: outcome.event,
    usage: outcome.usage,
    summarizerError: outcome.summarizerError,
    context: await nextContextView(rt, params.id),
  };
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: getHandler, POST: postHandler });
