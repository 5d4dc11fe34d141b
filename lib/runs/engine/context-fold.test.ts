import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../events/event-types";
import { foldContext } from "./context-fold";

const at = "2026-11-30T00:00:00.000Z";
const events: StoredEvent[] = [
  {
    seq: 1,
    runId: "r1",
    type: "RunStarted",
    createdAt: at,
    data: { kind: "turn", parentRunId: null, agentId: "a", model: "demo:demo" },
  },
  {
    seq: 2,
    runId: "r1",
    type: "LlmMessageEvent",
    createdAt: at,
    data: { role: "user", parts: [{ type: "text", text: "hi" }] },
  },
  { seq: 3, runId: "r1", type: "LlmMessageEvent", createdAt: at, data: { role: "assistant", parts: [] } },
];

describe("the context fold", () => {
  it("leaves a blank answer out of the context (providers refuse empty messages), though the log keeps it", () => {
    const { messages } = foldContext(events);
    expect(messages).toEqual([{ role: "user", content: [{ type: "text", text: "hi" }] }]);
  });
});
