import { timeTravelApi } from "@/lib/api/contracts/time-travel.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { readyRunRuntime } from "@/lib/server/server";
import { startReplay } from "@/lib/runs/use-cases/start-replay";
import { spend } from "@/lib/runs/use-cases/turn-limits";

import { actorOf } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * Replays the conversation as a new one (operators run conversations; docs/time-travel.md,
   * "Replay"): 202 with its id at once, then its user messages are re-sent as real turns by a queued
   * job, tool calls answered from the original's record; `replayStatus` on the new conversation says
   * how far it got. It counts as a new conversation against ATELIER_CONVERSATIONS_PER_MINUTE.
   */
  POST: defineRoute(timeTravelApi.replay, { access: ["operator"] }, async ({ params, body, principal, server }) => {
    spend(server.limits.conversations, principal);
    return startReplay(await readyRunRuntime(), {
      conversationId: params.id,
      version: body.version,
      label: body.label,
      modelKey: body.modelKey,
      toolResults: body.toolResults,
      title: body.title,
      actor: actorOf(principal),
    });
  }),
});
