import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { SSE_HEADERS, sseFrame, sseStream } from "@/lib/events/sse";
import type { BusMessage } from "@/lib/events/event-bus";
import { readyRunRuntime } from "@/lib/server/server";
import { startTurn } from "@/lib/runs/start-turn";
import { hasAnyRole } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

/**
 * Sends a user message and streams the turn as server-sent events: every stored event
 * (`id: seq`, `event: type`, `data: event JSON`) and the transient `LlmTextDelta`s, until the
 * turn's last RunFinished. Refusals are JSON errors and append nothing. The turn runs on when the
 * client disconnects; `GET …/events` follows it from any seq.
 */
const postHandler = defineRoute(
  conversationsApi.sendMessage,
  { access: ["operator"] },
  async ({ params, body, principal }) => {
    const rt = await readyRunRuntime();
    const buffered: BusMessage[] = [];
    let forward: ((m: BusMessage) => void) | null = null;
    const unsubscribe = rt.bus.subscribe(params.id, (m) => (forward ? forward(m) : buffered.push(m)));
    let started;
    try {
      started = await startTurn(rt, {
        conversationId: params.id,
        content: body.content,
        supersede: body.supersede,
        mayDecideApprovals: hasAnyRole(principal, ["approver"]),
        actor: { id: principal.id, name: principal.name },
      });
    } catch (err) {
      unsubscribe();
      throw err;
    }
    const stream = sseStream((send, close) => {
      for (const m of buffered) send(sseFrame(m));
      forward = (m) => send(sseFrame(m));
      started.done.then(close, close);
      return unsubscribe;
    });
    return new Response(stream, { status: 200, headers: SSE_HEADERS });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: postHandler });
