import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { defineRoute } from "@/lib/api/define-route";
import { NotFoundError } from "@/lib/errors";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import type { BusMessage } from "@/lib/events/event-bus";
import { SSE_CONNECTED, SSE_HEADERS, SSE_PING, sseFrame, sseStream } from "@/lib/events/sse";
import { readyRunRuntime } from "@/lib/server/server";
import { readConversationEvents } from "@/lib/runs/store/prisma-run-store";

export const dynamic = "force-dynamic";

const PING_MS = 15_000;

/**
 * The conversation's events after `after` as `{events, lastSeq}`; with `Accept: text/event-stream`
 * the same as a live tail that stays open (from `after`, or `Last-Event-ID`), including streamed
 * text deltas — how a page follows a run it did not start or resumes after a reload.
 */
const getHandler = defineRoute(conversationsApi.events, { access: ANY_ROLE }, async ({ req, params, query }) => {
  const rt = await readyRunRuntime();
  const conversation = await rt.db.conversation.findUnique({ where: { id: params.id }, select: { lastSeq: true } });
  if (!conversation) throw new NotFoundError(`No conversation with id '${params.id}'.`);
  if (!(req.headers.get("accept") ?? "").includes("text/event-stream")) {
    const events = await readConversationEvents(rt.db, params.id, query.after, query.limit);
    return { events, lastSeq: conversation.lastSeq };
  }
  const lastEventId = Number(req.headers.get("last-event-id"));
  const after = Number.isInteger(lastEventId) && lastEventId > 0 ? lastEventId : query.after;
  const stream = sseStream((send, close) => {
    // A first comment line, so the client knows at once that the tail is open.
    send(SSE_CONNECTED);
    let sent = after;
    let live: BusMessage[] | null = [];
    const deliver = (m: BusMessage) => {
      if ("seq" in m) {
        if (m.seq <= sent) return;
        sent = m.seq;
      }
      send(sseFrame(m));
    };
    const unsubscribe = rt.bus.subscribe(params.id, (m) => (live ? live.push(m) : deliver(m)));
    const ping = setInterval(() => send(SSE_PING), PING_MS);
    readConversationEvents(rt.db, params.id, after).then(
      (events) => {
        for (const e of events) deliver(e);
        const queued = live ?? [];
        live = null;
        for (const m of queued) deliver(m);
      },
      // Without its backlog the tail would skip events: end it, and the client reconnects from its last seq.
      () => close(),
    );
    return () => {
      clearInterval(ping);
      unsubscribe();
    };
  });
  return new Response(stream, { status: 200, headers: SSE_HEADERS });
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: getHandler });
