/**
 * Server-sent events framing of the event log: a stored event is `id: seq`, `event: type`,
 * `data: the event JSON`; a transient text delta has no id (it is never stored, so it cannot be
 * resumed from). Comment lines keep idle connections open through proxies.
 *
 * A live stream holds at most `bufferBytes` for its reader (ATELIER_STREAM_BUFFER). A backlog is
 * handed over as the reader takes it; a live message that finds the reader that far behind ends
 * the stream with one last `event: error` frame, `{"error": {"code": "StreamOverflow", "message",
 * "after"}}`, where `after` is the seq of the last stored event the stream carried: the client
 * reconnects from it (`?after=` or `Last-Event-ID`) and reads the rest from the log. One user holds
 * at most `perUser` live streams at once (ATELIER_STREAMS_PER_USER; 429 with Retry-After beyond).
 */
import { RetryLaterError } from "../errors";
import type { BusMessage } from "./event-bus";
import { STREAM_OVERFLOW } from "./event-types.shared";

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

/** The last frame of a stream cut off `bufferBytes` behind, after carrying stored events up to `after`. */
export function overflowFrame(after: number, bufferBytes: number): string {
  const error = {
    code: STREAM_OVERFLOW,
    message: `This stream fell more than ${bufferBytes} bytes behind its reader and was closed: reconnect from seq ${after} (GET …/events?after=${after}, or Last-Event-ID) to read the rest.`,
    after,
  };
  return `event: error\ndata: ${JSON.stringify({ error })}\n\n`;
}

/** What a stream's producer writes to. */
export interface SseSink {
  /**
   * Hands a live message to the reader: a stored event at or before the last seq carried is
   * skipped; one that finds the reader `bufferBytes` behind ends the stream (last frame
   * `event: error`). False once the stream has ended.
   */
  push(message: BusMessage): boolean;
  /** Hands a message once the reader has room for it (a backlog: never cut off). False once ended. */
  pushPaced(message: BusMessage): Promise<boolean>;
  /** A comment line (`: ping`), sent only when the reader is not behind. */
  comment(text: string): void;
  /** Ends the stream with its overflow frame (the producer's own queue overflowed). */
  cutOff(): void;
  /** Ends the stream after what it holds. */
  close(): void;
  /** The seq of the newest stored event carried. */
  readonly lastSeq: number;
  readonly closed: boolean;
}

export interface SseStreamOptions {
  /** The most the stream holds for a reader that does not take it. */
  bufferBytes: number;
  /** The seq the reader already holds (nothing at or before it is sent). */
  after?: number;
}

/**
 * A stream fed by `start`, which gets the sink and returns a cleanup run once when the stream
 * ends either way (closed by us, cut off, or cancelled by the client).
 */
export function sseStream(start: (sink: SseSink) => () => void, options: SseStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const limit = Math.max(1, options.bufferBytes);
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  let cleanup: (() => void) | null = null;
  let cleaned = false;
  let closed = false;
  let lastSeq = options.after ?? 0;
  // Backlog frames waiting for room, in order: each goes when it fits (or the queue is empty).
  let waiting: Array<{ message: BusMessage; chunk: Uint8Array; resolve: (open: boolean) => void }> = [];

  const held = () => (closed ? 0 : limit - (ctrl.desiredSize ?? limit));
  const fits = (bytes: number) => held() === 0 || held() + bytes <= limit;
  const stale = (message: BusMessage) => "seq" in message && message.seq <= lastSeq;
  const enqueue = (message: BusMessage, chunk: Uint8Array) => {
    if (stale(message)) return;
    ctrl.enqueue(chunk);
    if ("seq" in message) lastSeq = message.seq;
  };
  const runCleanup = () => {
    if (cleaned || !cleanup) return;
    cleaned = true;
    cleanup();
  };
  const stop = () => {
    closed = true;
    for (const w of waiting) w.resolve(false);
    waiting = [];
    runCleanup();
  };
  const end = (last?: string) => {
    if (closed) return;
    if (last) ctrl.enqueue(encoder.encode(last));
    stop();
    ctrl.close();
  };
  // The reader took something: hand over the waiting frames that fit now.
  const wake = () => {
    while (waiting.length && !closed && fits(waiting[0].chunk.byteLength)) {
      const w = waiting.shift()!;
      enqueue(w.message, w.chunk);
      w.resolve(true);
    }
  };

  const sink: SseSink = {
    push(message) {
      if (closed) return false;
      if (stale(message)) return true;
      const chunk = encoder.encode(sseFrame(message));
      if (waiting.length || !fits(chunk.byteLength)) {
        end(overflowFrame(lastSeq, limit));
        return false;
      }
      enqueue(message, chunk);
      return true;
    },
    pushPaced(message) {
      if (closed) return Promise.resolve(false);
      if (stale(message)) return Promise.resolve(true);
      const chunk = encoder.encode(sseFrame(message));
      if (!waiting.length && fits(chunk.byteLength)) {
        enqueue(message, chunk);
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => waiting.push({ message, chunk, resolve }));
    },
    comment(text) {
      if (!closed && held() === 0) ctrl.enqueue(encoder.encode(text));
    },
    cutOff() {
      end(overflowFrame(lastSeq, limit));
    },
    close() {
      end();
    },
    get lastSeq() {
      return lastSeq;
    },
    get closed() {
      return closed;
    },
  };

  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        ctrl = c;
        cleanup = start(sink);
        if (closed) runCleanup();
      },
      // Called whenever the reader took something and there is room again.
      pull() {
        wake();
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: limit, size: (chunk) => chunk.byteLength },
  );
}

/**
 * Follows a conversation into the sink: subscribes first (live messages wait in a queue bounded
 * like the stream: beyond it the stream is cut off), hands over the backlog as the reader takes it,
 * then the queued and the live messages. `backlog` yields the stored events after a seq, in order;
 * a failure to read it ends the stream (the client reconnects from its last seq). Resolves when
 * the stream is live (or ended); `stop` unsubscribes.
 */
export function relay(
  sink: SseSink,
  subscribe: (listener: (message: BusMessage) => void) => () => void,
  backlog: (after: number) => AsyncIterable<BusMessage>,
  bufferBytes: number,
): { live: Promise<void>; stop: () => void } {
  let queued: BusMessage[] | null = [];
  let queuedBytes = 0;
  const unsubscribe = subscribe((m) => {
    if (!queued) {
      sink.push(m);
      return;
    }
    queued.push(m);
    queuedBytes += sseFrame(m).length;
    if (queuedBytes > bufferBytes) sink.cutOff();
  });
  const live = (async () => {
    try {
      for await (const m of backlog(sink.lastSeq)) if (!(await sink.pushPaced(m))) return;
    } catch {
      sink.close();
      return;
    }
    const held = queued ?? [];
    queued = null;
    for (const m of held) if (!sink.push(m)) return;
  })();
  return { live, stop: unsubscribe };
}

export interface LiveStreamLimitOptions {
  /** Live streams one user may hold at once. */
  perUser: number;
  /** Bytes a stream holds for a reader that does not keep up. */
  bufferBytes: number;
}

export const DEFAULT_STREAMS_PER_USER = 64;
export const DEFAULT_STREAM_BUFFER_BYTES = 1024 * 1024;

/** A user already holds the most live streams one user may hold. */
export class TooManyStreamsError extends RetryLaterError {
  static override readonly kind: string = "TooManyStreamsError";
  constructor(max: number) {
    super(
      `You already have ${max} live event streams open, the most one user may hold (ATELIER_STREAMS_PER_USER): close one (a tab or a follower) and try again.`,
      5,
    );
  }
}

/** The live streams each user holds, and the buffer each gets. One per server process (lib/server). */
export class LiveStreamLimits {
  private readonly open = new Map<string, number>();
  constructor(private options: LiveStreamLimitOptions) {}

  get bufferBytes(): number {
    return this.options.bufferBytes;
  }

  /** Replaces the limits (tests, configuration); streams already open keep their slots. */
  configure(options: Partial<LiveStreamLimitOptions>): void {
    this.options = { ...this.options, ...options };
  }

  /** Takes one of `userId`'s stream slots, or throws TooManyStreamsError (429). Returns its release (idempotent). */
  acquire(userId: string): () => void {
    const n = this.open.get(userId) ?? 0;
    if (n >= this.options.perUser) throw new TooManyStreamsError(this.options.perUser);
    this.open.set(userId, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(userId) ?? 1) - 1;
      if (left > 0) this.open.set(userId, left);
      else this.open.delete(userId);
    };
  }

  /** How many live streams `userId` holds. */
  held(userId: string): number {
    return this.open.get(userId) ?? 0;
  }
}

/** ATELIER_STREAMS_PER_USER and ATELIER_STREAM_BUFFER (bytes); unset or not a positive integer: the defaults. */
export function liveStreamLimitsFromEnv(env: Record<string, string | undefined> = process.env): LiveStreamLimitOptions {
  const positive = (raw: string | undefined, fallback: number) =>
    raw !== undefined && /^\d+$/.test(raw.trim()) && Number(raw) > 0 ? Number(raw) : fallback;
  return {
    perUser: positive(env.ATELIER_STREAMS_PER_USER, DEFAULT_STREAMS_PER_USER),
    bufferBytes: positive(env.ATELIER_STREAM_BUFFER, DEFAULT_STREAM_BUFFER_BYTES),
  };
}
