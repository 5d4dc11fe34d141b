"use client";
/**
 * A conversation's event streams as the page reads them: what a failed or non-stream answer means,
 * the frame that cuts off a reader that fell behind, and the live tail that follows a run from the
 * newest seq held, reconnecting when the connection drops.
 */
import { useEffect, useRef, useState } from "react";
import { ApiClientError, apiError, apiUrl } from "@/components/api/api-client";
import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { STREAM_OVERFLOW, StreamErrorFrame } from "@/lib/events/event-types.shared";
import { readEventStream, type SseMessage } from "./sse";

export async function errorFrom(res: Response): Promise<ApiClientError> {
  const text = await res.text().catch(() => "");
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  if (res.ok)
    return new ApiClientError(res.status, "bad_stream", "The server did not answer with an event stream", body);
  return apiError(res.status, body);
}

export const isEventStream = (res: Response) => (res.headers.get("content-type") ?? "").startsWith("text/event-stream");

/** What the page does with each message of an event stream. */
export type Receive = (m: SseMessage) => void;

/**
 * The last frame of a stream whose reader fell too far behind (`event: error`, code
 * StreamOverflow): the seq to reconnect from, or null for any other frame.
 */
export function streamCutAt(m: SseMessage): number | null {
  if (m.event !== "error") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(m.data);
  } catch {
    return null;
  }
  const frame = StreamErrorFrame.safeParse(parsed);
  if (!frame.success || frame.data.error.code !== STREAM_OVERFLOW) return null;
  return frame.data.error.after ?? 0;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(t);
      resolve();
    });
  });

/** Where the live tail is: asked (no bytes yet), receiving, or waiting to reconnect after a drop. */
export type TailPhase = "idle" | "connecting" | "live" | "retrying";

export interface TailOptions {
  /** Opens the live tail from `after` (`GET …/events` with `Accept: text/event-stream`). */
  connect: (after: number, signal: AbortSignal) => Promise<Response>;
  /** The newest seq held: where each connection starts. */
  lastSeq: () => number;
  receive: Receive;
  phase: (phase: TailPhase) => void;
  /** The connection dropped or failed (not a cut-off): the run may have ended meanwhile. */
  dropped: () => void;
  signal: AbortSignal;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Follows the live tail until `signal` aborts: from the newest seq held, reconnecting from the
 * newest seq seen when the connection drops (backing off after failures). A stream cut off
 * because this reader fell behind (`StreamOverflow`) is not an error: it reconnects at once.
 */
export async function followEventTail(o: TailOptions): Promise<void> {
  const wait = o.wait ?? sleep;
  let failures = 0;
  while (!o.signal.aborted) {
    o.phase("connecting");
    let cut = false;
    try {
      const res = await o.connect(o.lastSeq(), o.signal);
      if (!res.ok || !res.body || !isEventStream(res)) throw await errorFrom(res);
      o.phase("live");
      failures = 0;
      await readEventStream(res.body, (m) => {
        if (streamCutAt(m) !== null) cut = true;
        else o.receive(m);
      });
    } catch {
      failures++;
    }
    if (o.signal.aborted) return;
    if (cut) continue;
    o.phase("retrying");
    o.dropped();
    await wait(Math.min(500 * 2 ** failures, 8_000), o.signal);
  }
}

/**
 * While `enabled`, follows the conversation's live event stream from the newest seq held,
 * reconnecting from the newest seq seen when the connection drops.
 */
export function useEventTail(
  id: string,
  enabled: boolean,
  receive: Receive,
  lastSeq: { current: number },
  onDropped: () => void,
) {
  const receiveRef = useRef(receive);
  const droppedRef = useRef(onDropped);
  useEffect(() => {
    receiveRef.current = receive;
    droppedRef.current = onDropped;
  }, [receive, onDropped]);
  const [phase, setPhase] = useState<TailPhase>("idle");
  useEffect(() => {
    if (!enabled) return;
    const ctl = new AbortController();
    void followEventTail({
      connect: (after, signal) =>
        fetch(apiUrl(conversationsApi.events, { params: { id }, query: { after } }), {
          headers: { accept: "text/event-stream", "last-event-id": String(after) },
          credentials: "same-origin",
          cache: "no-store",
          signal,
        }),
      lastSeq: () => lastSeq.current,
      receive: (m) => receiveRef.current(m),
      // While reconnecting after a drop the page keeps saying so.
      phase: (p) => setPhase((cur) => (p === "connecting" && cur === "retrying" ? cur : p)),
      dropped: () => droppedRef.current(),
      signal: ctl.signal,
    });
    return () => {
      ctl.abort();
      setPhase("idle");
    };
  }, [id, enabled, lastSeq]);
  return phase;
}
