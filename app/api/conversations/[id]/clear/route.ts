import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { clearConversation } from "@/lib/runs/use-cases/compact-conversation";
import { nextContextView } from "@/lib/runs/read-models/compactions/next-context";
import { readyRunRuntime } from "@/lib/server/server";

export const dynamic = "force-dynamic";

/** Clears the conversation's context outright, outside any run (LlmContextClearedEvent, runId null). */
const postHandler = defineRoute(conversationsApi.clear, { access: ["operator"] }, async ({ params }) => {
  const rt = await readyRunRuntime();
  const { event } = await clearConversation(rt, params.id);
  return { event, context: await nextContextView(rt, params.id) };
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: postHandler });
