import { describe, expect, it } from "vitest";
import type { EventData, EventType, StoredEvent } from "@/lib/events/event-types.shared";
import { eventLabel } from "./event-label";

const ev = <T extends EventType>(type: T, data: Partial<EventData[T]>): StoredEvent =>
  ({ seq: 1, runId: "r", type, createdAt: "2025-01-01T00:00:00.000Z", data }) as unknown as StoredEvent;

describe("eventLabel", () => {
  it("names what happened in a few words", () => {
    expect(eventLabel(ev("RunStarted", { kind: "turn" }))).toBe("run started");
    expect(eventLabel(ev("RunStarted", { kind: "child" }))).toBe("child run started");
    expect(eventLabel(ev("ToolCallEvent", { toolName: "city_population" }))).toBe("city_population called");
    expect(eventLabel(ev("ToolReturnEvent", { toolName: "atlas", success: false }))).toBe("atlas failed");
    expect(eventLabel(ev("ApprovalRequested", { toolName: "refund" }))).toBe("refund held for approval");
    expect(eventLabel(ev("ApprovalDecided", { decision: "deny" }))).toBe("denied");
    expect(eventLabel(ev("RunFinished", { status: "failed" }))).toBe("run failed");
    expect(
      eventLabel(
        ev("LlmMessageEvent", {
          role: "assistant",
          parts: [{ type: "tool-call", toolCallId: "c", toolName: "atlas", input: {} }],
        }),
      ),
    ).toBe("model asked for tools");
    expect(eventLabel(ev("LlmMessageEvent", { role: "assistant", parts: [{ type: "text", text: "Hi" }] }))).toBe(
      "model answered",
    );
  });
});
