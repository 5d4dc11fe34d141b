import { describe, expect, it } from "vitest";
import { SseParser } from "./sse";

describe("SseParser", () => {
  it("parses stored events with ids and transient ones without", () => {
    const p = new SseParser();
    const out = p.push('id: 3\nevent: RunStarted\ndata: {"seq":3}\n\nevent: LlmTextDelta\ndata: {"delta":"hi"}\n\n');
    expect(out).toEqual([
      { id: "3", event: "RunStarted", data: '{"seq":3}' },
      { id: null, event: "LlmTextDelta", data: '{"delta":"hi"}' },
    ]);
  });

  it("handles chunks split anywhere, CRLF and CR line ends, comments and multi-line data", () => {
    const p = new SseParser();
    const text = ": ping\r\n\r\nid: 7\r\nevent: X\r\ndata: a\r\ndata: b\r\n\r\nevent: Y\rdata:c\r\r";
    const out = [];
    for (const ch of text) out.push(...p.push(ch));
    expect(out).toEqual([
      { id: "7", event: "X", data: "a\nb" },
      { id: null, event: "Y", data: "c" },
    ]);
  });

  it("keeps an incomplete message until its blank line arrives", () => {
    const p = new SseParser();
    expect(p.push("event: A\ndata: 1")).toEqual([]);
    expect(p.push("\n")).toEqual([]);
    expect(p.push("\n")).toEqual([{ id: null, event: "A", data: "1" }]);
  });
});
