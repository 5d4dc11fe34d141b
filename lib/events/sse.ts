/**
 * Server-sent events framing of the event log: a stored event is `id: seq`, `event: type`,
 * `data: the event JSON`; a transient text delta has no id (it is never stored, so it cannot be
 * resumed from). Comment lines keep idle connections open through proxies.
 */
import type { BusMessage } from "./event-bus";

export function sseFrame(message: BusMessage): string {
  const data = JSON.stringify(
    message.type === "LlmTextDelta" ? { runId: message.runId, delta: message.delta } : message,
  );
  return "seq" in message
    ? `id: ${message.seq}\nevent: ${message.type}\ndata: ${data}\n\n`
    : `event: ${message.type}\ndata: ${data}\n\n`;
}

export const SSE_PING = ": ping\n\n";
export const SSE_CONNECTED = ": connected\n\n";

export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-store, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};

/**
 * A stream fed by `start`, which gets `send` and `close` and returns a cleanup run when the stream
 * ends either way (closed by us, or cancelled by the client).
 */
export function sseStream(
  start: (send: (chunk: string) => void, close: () => void) => () => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup: (() => void) | null = null;
  let closed = false;
  return new ReadableStream<Uint8Array>({
    start(ctrl) {
      const send = (chunk: string) => {
        if (!closed) ctrl.enqueue(encoder.encode(chunk));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup?.();
        ctrl.close();
      };
      cleanup = start(send, close);
      if (closed) cleanup();
    },
    cancel() {
      closed = true;
      cleanup?.();
    },
  });
}
