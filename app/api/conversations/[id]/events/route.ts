import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { defineRoute } from "@/lib/api/define-route";
import { NotFoundError } from "@/lib/errors";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import type { Db } from "@/lib/db/client";
import { relay, SSE_CONNECTED, SSE_HEADERS, SSE_PING, sseStream } from "@/lib/events/sse";
import { readyRunRuntime } from "@/lib/server/server";
import { readConversationEvents } from "@/lib/runs/infra/store/prisma-run-store";

export const dynamic = "force-dynamic";

const PING_MS = 15_000;
/** Events read from the store at a time for a tail's backlog. */
const BACKLOG_PAGE = 500;

/** The stored events after `after`, a page at a time. */
async function* storedAfter(db: Db, conversationId: string, after: number) {
  for (let from = after; ;) {
    const page = await readConversationEvents(db, conversationId, from, BACKLOG_PAGE);
    yield* page;
    if (page.length < BACKLOG_PAGE) return;
    from = page[page.length - 1].seq;
  }
}

/**
 * The conversation's events after `after` as `{events, lastSeq, hasMore, nextAfter}`, at most
 * `limit` (default 1000); with `Accept: text/event-stream` a live tail that stays open (from
 * `after`, or `Last-Event-ID`), including streamed text deltas — how a page follows a run it did
 * not start or resumes after a reload. A tail's reader that falls behind is cut off with a last
 * `event: error` frame naming the seq to reconnect from; a user holds a bounded number of tails.
 */
const getHandler = defineRoute(
  conversationsApi.events,
  { access: ANY_ROLE },
  async ({ req, params, query, principal, server }) => {
    const rt = await readyRunRuntime();
    const conversation = await rt.db.conversation.findUnique({
      where: { id: params.id, deletedAt: null },
      select: { lastSeq: true },
    });
    if (!conversation) throw new NotFoundError(`No conversation with id '${params.id}'.`);
    if (!(req.headers.get("accept") ?? "").includes("text/event-stream")) {
      // One more than asked tells whether there is a further page.
      const read = await readConversationEvents(rt.db, params.id, query.after, query.limit + 1);
      const events = read.slice(0, query.limit);
      return {
        events,
        lastSeq: conversation.lastSeq,
        hasMore: read.length > query.limit,
        nextAfter: events.at(-1)?.seq ?? query.after,
      };
    }
    const lastEventId = Number(req.headers.get("last-event-id"));
    const after = Number.isInteger(lastEventId) && lastEventId > 0 ? lastEventId : query.after;
    const limits = server.limits.streams;
    const release = limits.acquire(principal.id);
    const bufferBytes = limits.bufferBytes;
    const stream = sseStream(
      (sink) => {
        // A first comment line, so the client knows at once that the tail is open.
        sink.comment(SSE_CONNECTED);
        const followed = relay(
          sink,
          (listener) => rt.bus.subscribe(params.id, listener),
          (from) => storedAfter(rt.db, params.id, from),
          bufferBytes,
        );
        const ping = setInterval(() => sink.comment(SSE_PING), PING_MS);
        return () => {
          clearInterval(ping);
          followed.stop();
          release();
        };
      },
      { bufferBytes, after },
    );
    return new Response(stream, { status: 200, headers: SSE_HEADERS });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: getHandler });
