import { describe, expect, it } from "vitest";
import type { StoredEvent } from "@/lib/events/event-types.shared";
import { mergeEvents, readEventsAfter } from "./conversation-queries";
import { followEventTail, streamCutAt } from "./event-tail";

const e = (seq: number): StoredEvent => ({
  seq,
  runId: "r",
  type: "ModelSwitched",
  createdAt: "",
  data: { from: "a", to: "b" },
});

describe("mergeEvents", () => {
  it("keeps each seq once, in order, and counts only events held", () => {
    const page = mergeEvents({ events: [e(1), e(3)], lastSeq: 9 }, [e(2), e(3), e(5)]);
    expect(page.events.map((x) => x.seq)).toEqual([1, 2, 3, 5]);
    expect(page.lastSeq).toBe(5);
    expect(mergeEvents(undefined, []).lastSeq).toBe(0);
    expect(page).toMatchObject({ hasMore: false, nextAfter: 5 });
  });
});

describe("readEventsAfter", () => {
  it("asks page after page from nextAfter until hasMore is false", async () => {
    const asked: number[] = [];
    const pages = new Map([
      [0, { events: [e(1), e(2)], lastSeq: 5, hasMore: true, nextAfter: 2 }],
      [2, { events: [e(3), e(4)], lastSeq: 5, hasMore: true, nextAfter: 4 }],
      [4, { events: [e(5)], lastSeq: 5, hasMore: false, nextAfter: 5 }],
    ]);
    const events = await readEventsAfter(async (after) => {
      asked.push(after);
      return pages.get(after)!;
    }, 0);
    expect(asked).toEqual([0, 2, 4]);
    expect(events.map((x) => x.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it("stops on a page that does not advance", async () => {
    let calls = 0;
    const events = await readEventsAfter(async () => {
      calls++;
      return { events: [], lastSeq: 3, hasMore: true, nextAfter: 3 };
    }, 3);
    expect(calls).toBe(1);
    expect(events).toEqual([]);
  });
});

const frame = (f: { id?: number; event: string; data: unknown }) =>
  `${f.id !== undefined ? `id: ${f.id}\n` : ""}event: ${f.event}\ndata: ${JSON.stringify(f.data)}\n\n`;
const streamOf = (...frames: string[]) =>
  new Response(frames.join(""), { headers: { "content-type": "text/event-stream; charset=utf-8" } });
const overflow = (after: number) =>
  frame({ event: "error", data: { error: { code: "StreamOverflow", message: "reconnect", after } } });

describe("streamCutAt", () => {
  it("tells the cut-off frame (with its seq) from other error frames", () => {
    expect(
      streamCutAt({
        id: null,
        event: "error",
        data: JSON.stringify({ error: { code: "StreamOverflow", message: "m", after: 7 } }),
      }),
    ).toBe(7);
    expect(
      streamCutAt({ id: null, event: "error", data: JSON.stringify({ error: { code: "Other", message: "m" } }) }),
    ).toBeNull();
    expect(streamCutAt({ id: null, event: "error", data: "not json" })).toBeNull();
    expect(streamCutAt({ id: "3", event: "ModelSwitched", data: "{}" })).toBeNull();
  });
});

describe("followEventTail", () => {
  it("reconnects at once from the newest seq held when the server cuts the stream off, without reporting a drop", async () => {
    const ctl = new AbortController();
    let held = 0;
    const asked: number[] = [];
    const received: string[] = [];
    const phases: string[] = [];
    let drops = 0;
    let waits = 0;
    await followEventTail({
      connect: async (after) => {
        asked.push(after);
        if (asked.length === 1)
          return streamOf(
            frame({ id: 1, event: "ModelSwitched", data: e(1) }),
            frame({ id: 2, event: "ModelSwitched", data: e(2) }),
            overflow(2),
          );
        ctl.abort();
        return streamOf(frame({ id: 3, event: "ModelSwitched", data: e(3) }));
      },
      lastSeq: () => held,
      receive: (m) => {
        received.push(m.event);
        if (m.id) held = Number(m.id);
      },
      phase: (p) => phases.push(p),
      dropped: () => drops++,
      signal: ctl.signal,
      wait: async () => {
        waits++;
      },
    });
    expect(asked).toEqual([0, 2]);
    expect(received).toEqual(["ModelSwitched", "ModelSwitched", "ModelSwitched"]);
    expect(held).toBe(3);
    expect([drops, waits]).toEqual([0, 0]);
    expect(phases).toEqual(["connecting", "live", "connecting", "live"]);
  });

  it("backs off and reports a drop when the connection ends without a cut-off", async () => {
    const ctl = new AbortController();
    let drops = 0;
    const waited: number[] = [];
    let n = 0;
    await followEventTail({
      connect: async () => {
        if (++n === 3) ctl.abort();
        return n === 1 ? new Response("{}", { status: 500 }) : streamOf();
      },
      lastSeq: () => 0,
      receive: () => {},
      phase: () => {},
      dropped: () => drops++,
      signal: ctl.signal,
      wait: async (ms) => {
        waited.push(ms);
      },
    });
    expect(drops).toBe(2);
    expect(waited).toEqual([1000, 500]);
  });
});
