import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { readyRunRuntime } from "@/lib/server/server";
import { startTurn } from "@/lib/runs/use-cases/start-turn";
import { streamStartedRun } from "@/lib/runs/infra/stream-started-run";
import { spend } from "@/lib/runs/use-cases/turn-limits";
import { hasAnyRole, actorOf } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

/**
 * Sends a user message and streams the turn as server-sent events: every stored event
 * (`id: seq`, `event: type`, `data: event JSON`) and the transient `LlmTextDelta`s, until the
 * turn's last RunFinished. Refusals are JSON errors and append nothing. The turn runs on when the
 * client disconnects; `GET …/events` follows it from any seq. The stream counts among the user's
 * live streams (429 beyond ATELIER_STREAMS_PER_USER, before the turn starts), and a reader that
 * falls ATELIER_STREAM_BUFFER bytes behind is cut off with a last `event: error` frame. Each user
 * may send ATELIER_MESSAGES_PER_MINUTE messages a minute and run ATELIER_TURNS_PER_USER turns at
 * once (429 with Retry-After beyond, nothing appended).
 */
const postHandler = defineRoute(
  conversationsApi.sendMessage,
  { access: ["operator"] },
  async ({ params, body, principal, server }) => {
    // The sender's message allowance, then (in startTurn) its running-turn slot: 429 beyond either.
    spend(server.limits.messages, principal);
    const rt = await readyRunRuntime();
    return streamStartedRun({
      rt,
      conversationId: params.id,
      streamOwner: principal.id,
      limits: server.limits.streams,
      start: () =>
        startTurn(rt, {
          conversationId: params.id,
          content: body.content,
          supersede: body.supersede,
          mayDecideApprovals: hasAnyRole(principal, ["approver"]),
          actor: actorOf(principal),
          turns: server.limits.turns,
        }),
    });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: postHandler });
