import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { relay, SSE_HEADERS, sseStream } from "@/lib/events/sse";
import type { BusMessage } from "@/lib/events/event-bus";
import { readyRunRuntime } from "@/lib/server/server";
import { startTurn } from "@/lib/runs/use-cases/start-turn";
import { readConversationEvents } from "@/lib/runs/infra/store/prisma-run-store";
import { spend } from "@/lib/runs/use-cases/turn-limits";
import { hasAnyRole } from "@/lib/auth/roles";

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
    const limits = server.limits.streams;
    const release = limits.acquire(principal.id);
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
        actor: { id: principal.id, name: principal.name, roles: principal.roles },
        turns: server.limits.turns,
      });
    } catch (err) {
      unsubscribe();
      release();
      throw err;
    }
    const turn = started;
    const bufferBytes = limits.bufferBytes;
    const stream = sseStream(
      (sink) => {
        // What arrived while the turn started goes first, as the reader takes it; then the live messages.
        const followed = relay(
          sink,
          (listener) => {
            forward = listener;
            return unsubscribe;
          },
          async function* () {
            yield* buffered;
          },
          bufferBytes,
        );
        // The turn is over. In queue mode its last events may still be on their way through the
        // fan-out (the lease poll can see the turn settle first): the stream ends with what the log
        // holds beyond what it carried, so it always ends with the turn's last RunFinished.
        const close = () =>
          void followed.live
            .then(async () => {
              if (sink.closed) return;
              for (const e of await readConversationEvents(rt.db, params.id, sink.lastSeq)) if (!sink.push(e)) return;
            })
            .catch(() => {})
            .then(() => sink.close());
        turn.done.then(close, close);
        return () => {
          followed.stop();
          release();
        };
      },
      { bufferBytes },
    );
    return new Response(stream, { status: 200, headers: SSE_HEADERS });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: postHandler });
