import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { readyRunRuntime } from "@/lib/server/server";
import { changeConversationAgentVersion } from "@/lib/runs/use-cases/change-conversation-agent-version";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Moves the conversation to another agent version (or a label's); 409 while a run executes or waits. */
  POST: defineRoute(
    conversationsApi.changeAgentVersion,
    { access: ["operator"] },
    async ({ params, body, principal }) =>
      changeConversationAgentVersion(await readyRunRuntime(), params.id, body, principal),
  ),
});
