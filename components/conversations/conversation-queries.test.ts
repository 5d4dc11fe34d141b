import { describe, expect, it } from "vitest";
import type { StoredEvent } from "@/lib/events/event-types.shared";
import { mergeEvents } from "./conversation-queries";

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
  });
});
