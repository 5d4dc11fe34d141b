import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../../events/event-types";
import { agentVersionAt, modelKeyAt } from "./state-at-seq";

const at = "2026-12-01T00:00:00.000Z";
const events: StoredEvent[] = [
  { seq: 1, runId: null, type: "AgentVersionChanged", createdAt: at, data: { from: 1, to: 2, label: null } },
  { seq: 2, runId: null, type: "ModelSwitched", createdAt: at, data: { from: "demo:demo", to: "scripted:a" } },
  { seq: 3, runId: null, type: "AgentVersionChanged", createdAt: at, data: { from: 2, to: 3, label: "staging" } },
  { seq: 4, runId: null, type: "ModelSwitched", createdAt: at, data: { from: "scripted:a", to: "scripted:b" } },
];

describe("a conversation's state at a past seq", () => {
  it("is the version a later change replaced, else the version now", () => {
    expect(agentVersionAt(events, 0, 3)).toBe(1);
    expect(agentVersionAt(events, 1, 3)).toBe(2);
    expect(agentVersionAt(events, 2, 3)).toBe(2);
    expect(agentVersionAt(events, 3, 3)).toBe(3);
    expect(agentVersionAt([], 0, 5)).toBe(5);
  });

  it("is the model a later switch replaced, else the conversation's own choice now (null: the agent's)", () => {
    expect(modelKeyAt(events, 0, "scripted:b")).toBe("demo:demo");
    expect(modelKeyAt(events, 2, "scripted:b")).toBe("scripted:a");
    expect(modelKeyAt(events, 4, "scripted:b")).toBe("scripted:b");
    expect(modelKeyAt([], 0, null)).toBeNull();
  });
});
