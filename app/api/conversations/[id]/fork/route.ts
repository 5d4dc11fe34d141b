import { timeTravelApi } from "@/lib/api/contracts/time-travel.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { readyRunRuntime } from "@/lib/server/server";
import { forkConversation } from "@/lib/runs/use-cases/fork-conversation";
import { spend } from "@/lib/runs/use-cases/turn-limits";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * Forks the conversation after event `atSeq` (operators run conversations): a new conversation
   * whose log is a copy up to there (docs/time-travel.md). It counts as a new conversation against
   * ATELIER_CONVERSATIONS_PER_MINUTE.
   */
  POST: defineRoute(timeTravelApi.fork, { access: ["operator"] }, async ({ params, body, principal, server }) => {
    spend(server.limits.conversations, principal);
    return forkConversation(await readyRunRuntime(), params.id, body, principal);
  }),
});
