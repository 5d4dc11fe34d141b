import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { SSE_HEADERS, sseFrame, sseStream } from "@/lib/events/sse";
import type { BusMessage } from "@/lib/events/event-bus";
import { readyRunRuntime } from "@/lib/runs/queue/ready-runtime";
import { startTurn } from "@/lib/runs/start-turn";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });
const Body = z
  .object({
    content: z.string().trim().min(1, "content must not be empty: type a message").max(100_000),
    supersede: z.boolean().optional(),
  })
  .strict();

/**
 * Sends a user message and streams the turn as server-sent events: every stored event
 * (`id: seq`, `event: type`, `data: event JSON`) and the transient `LlmTextDelta`s, until the
 * turn's last RunFinished. Refusals are JSON errors and append nothing. The turn runs on when the
 * client disconnects; `GET …/events` follows it from any seq.
 */
const postHandler = defineRoute(
  { access: ["operator"], params: Params, body: Body },
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
