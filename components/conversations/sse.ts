/**
 * An incremental parser for `text/event-stream` (the WHATWG rules that matter here): lines end in
 * LF, CRLF or CR; `:` lines are comments (keep-alive pings); `data:` lines join with "\n"; an empty
 * line dispatches the event; a field's value loses one leading space. Chunks may split anywhere.
 */

export interface SseMessage {
  /** The `id:` of the message, when it had one (stored events do; transient deltas do not). */
  id: string | null;
  event: string;
  data: string;
}

export class SseParser {
  private buffer = "";
  private id: string | null = null;
  private event = "";
  private data: string[] = [];
  private sawCr = false;

  /** Feeds decoded text; returns the messages completed by it. */
  push(chunk: string): SseMessage[] {
    let text = chunk;
    // A CR at the end of the previous chunk already ended its line: drop the LF of its CRLF.
    if (this.sawCr && text.startsWith("\n")) text = text.slice(1);
    this.sawCr = false;
    this.buffer += text;
    const out: SseMessage[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== "\n" && c !== "\r") continue;
      const line = this.buffer.slice(start, i);
      if (c === "\r") {
        if (i + 1 < this.buffer.length) {
          if (this.buffer[i + 1] === "\n") i++;
        } else {
          this.sawCr = true;
        }
      }
      start = i + 1;
      const msg = this.line(line);
      if (msg) out.push(msg);
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  private line(line: string): SseMessage | null {
    if (line === "") {
      if (!this.data.length) {
        this.event = "";
        return null;
      }
      const msg = { id: this.id, event: this.event || "message", data: this.data.join("\n") };
      this.event = "";
      this.data = [];
      this.id = null;
      return msg;
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.event = value;
    else if (field === "id" && !value.includes("\0")) this.id = value;
    return null;
  }
}

/** Reads an event stream to its end, handing each message to `onMessage`. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (m: SseMessage) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const m of parser.push(decoder.decode(value, { stream: true }))) onMessage(m);
    }
    // A message the stream ended in the middle of is dropped (as EventSource does).
    for (const m of parser.push(decoder.decode())) onMessage(m);
  } finally {
    reader.releaseLock();
  }
}
