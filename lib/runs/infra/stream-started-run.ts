/**
 * The streamed answer of `POST …/messages` and `POST …/commands`: subscribe to the conversation's
 * events, start the run (a refusal unsubscribes, frees the stream slot and is thrown as the JSON
 * error it is), then relay as server-sent events what arrived while it started and every live
 * message, until the run is over. The run goes on when the reader disconnects; `GET …/events`
 * follows it from any seq. The stream counts among the user's live streams, and a reader that falls
 * the buffer's bytes behind is cut off with a last `event: error` frame.
 */
import type { BusMessage } from "../../events/event-bus";
import { relay, SSE_HEADERS, sseStream, type LiveStreamLimits } from "../../events/sse";
import { readConversationEvents } from "./store/prisma-run-store";
import type { RunRuntime } from "./runtime";

export async function streamStartedRun(opts: {
  rt: RunRuntime;
  conversationId: string;
  /** Whose live-stream slot the answer takes (429 beyond ATELIER_STREAMS_PER_USER). */
  streamOwner: string;
  limits: LiveStreamLimits;
  /** Starts the run; its `done` settles when the run is over. */
  start(): Promise<{ done: Promise<unknown> }>;
}): Promise<Response> {
  const { rt, conversationId, limits } = opts;
  const release = limits.acquire(opts.streamOwner);
  const buffered: BusMessage[] = [];
  let forward: ((m: BusMessage) => void) | null = null;
  const unsubscribe = rt.bus.subscribe(conversationId, (m) => (forward ? forward(m) : buffered.push(m)));
  let started;
  try {
    started = await opts.start();
  } catch (err) {
    unsubscribe();
    release();
    throw err;
  }
  const run = started;
  const bufferBytes = limits.bufferBytes;
  const stream = sseStream(
    (sink) => {
      // What arrived while the run started goes first, as the reader takes it; then the live messages.
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
      // The run is over. In queue mode its last events may still be on their way through the
      // fan-out (the lease poll can see the run settle first): the stream ends with what the log
      // holds beyond what it carried, so it always ends with the run's last RunFinished.
      const close = () =>
        void followed.live
          .then(async () => {
            if (sink.closed) return;
            for (const e of await readConversationEvents(rt.db, conversationId, sink.lastSeq))
              if (!sink.push(e)) return;
          })
          .catch(() => {})
          .then(() => sink.close());
      run.done.then(close, close);
      return () => {
        followed.stop();
        release();
      };
    },
    { bufferBytes },
  );
  return new Response(stream, { status: 200, headers: SSE_HEADERS });
}
