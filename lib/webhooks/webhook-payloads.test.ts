import { describe, expect, it } from "vitest";
import {
  approvalDecidedEvent,
  approvalRequestedEvent,
  budgetEvent,
  runEndEvents,
  type RunFacts,
} from "./webhook-payloads";

const approval = {
  id: "ap1",
  conversationId: "c1",
  conversationTitle: "Refund A-1001",
  runId: "r1",
  toolCallId: "call_1",
  toolName: "refund",
  arguments: { orderId: "A-1001", amountUsd: 25 },
  argumentsHash: "a".repeat(64),
  target: { kind: "tool", toolId: "t1", toolVersion: 1 },
  status: "pending",
  createdAt: new Date("2026-12-02T10:00:00Z"),
  agent: { id: "ag1", name: "billing", version: 3 },
  requestedBy: { id: "u1", name: "Olive" },
  apiTokenId: null,
};

const run: RunFacts = {
  id: "r1",
  kind: "turn",
  conversationId: "c1",
  conversationTitle: null,
  agent: { id: "ag1", name: "billing", version: 3 },
  status: "failed",
  stopReason: "error",
  error: JSON.stringify({ type: "ProviderError", message: "rate limited" }),
  model: "openai:gpt-5",
  requests: 2,
  toolCalls: 1,
  inputTokens: 100,
  outputTokens: 20,
  totalTokens: 120,
  costNanoUsd: 123456n,
  startedAt: new Date("2026-12-02T10:00:00Z"),
  finishedAt: new Date("2026-12-02T10:00:02.5Z"),
  user: { id: "u1", name: "Olive" },
  apiTokenId: "tok1",
};

describe("webhook payloads", () => {
  it("approval.requested carries the call, who asked and the request that decides it", () => {
    const e = approvalRequestedEvent(approval, { ATELIER_PUBLIC_URL: "https://studio.example.com/" });
    expect(e).toMatchObject({ type: "approval.requested", key: "ap1" });
    expect(e.data).toEqual({
      approvalId: "ap1",
      status: "pending",
      tool: "refund",
      target: { kind: "tool", toolId: "t1", toolVersion: 1 },
      arguments: { orderId: "A-1001", amountUsd: 25 },
      argumentsHash: "a".repeat(64),
      toolCallId: "call_1",
      runId: "r1",
      conversationId: "c1",
      conversationTitle: "Refund A-1001",
      agent: { id: "ag1", name: "billing", version: 3 },
      requestedBy: { id: "u1", name: "Olive" },
      apiTokenId: null,
      requestedAt: "2026-12-02T10:00:00.000Z",
      decide: {
        method: "POST",
        url: "https://studio.example.com/api/approvals/ap1/decision",
        body: { decision: "approve | deny", argumentsHash: "a".repeat(64), reason: "optional text" },
      },
      links: {
        approvals: "https://studio.example.com/approvals",
        conversation: "https://studio.example.com/conversations/c1",
        run: "https://studio.example.com/runs/r1",
      },
    });
  });

  it("links are paths when ATELIER_PUBLIC_URL is not set", () => {
    expect(approvalRequestedEvent(approval, {}).data.links).toMatchObject({ conversation: "/conversations/c1" });
  });

  it("approval.decided says the decision, why and by whom", () => {
    const e = approvalDecidedEvent(
      {
        ...approval,
        status: "denied",
        decision: "deny",
        reason: "already refunded",
        decidedBy: { id: "u2", name: "Ada" },
        decidedAt: new Date("2026-12-02T10:05:00Z"),
      },
      {},
    );
    expect(e).toMatchObject({
      type: "approval.decided",
      key: "ap1",
      data: {
        decision: "deny",
        reason: "already refunded",
        decidedBy: { id: "u2", name: "Ada" },
        decidedAt: "2026-12-02T10:05:00.000Z",
        status: "denied",
      },
    });
  });

  it("a failed run is run.finished and run.failed with the same data; a completed one only run.finished", () => {
    const [finished, failed] = runEndEvents(run, {});
    expect(finished.type).toBe("run.finished");
    expect(failed.type).toBe("run.failed");
    expect(failed.data).toBe(finished.data);
    expect(finished.data).toMatchObject({
      runId: "r1",
      status: "failed",
      stopReason: "error",
      error: { type: "ProviderError", message: "rate limited" },
      usage: { requests: 2, toolCalls: 1, inputTokens: 100, outputTokens: 20, totalTokens: 120 },
      costNanoUsd: 123456,
      durationMs: 2500,
      links: { run: "/runs/r1" },
    });
    expect(runEndEvents({ ...run, status: "completed", error: null }, {}).map((e) => e.type)).toEqual(["run.finished"]);
  });

  it("budget alerts keep the claim's numbers as exact decimal strings", () => {
    const e = budgetEvent(
      {
        type: "budget.exceeded",
        budgetId: "b1",
        scope: "agent",
        scopeId: "ag1",
        window: "month",
        windowStart: "2026-12-01T00:00:00.000Z",
        windowEnd: "2027-01-01T00:00:00.000Z",
        threshold: 1,
        limit: "cost",
        spent: "9007199254740993",
        max: "9007199254740992",
        at: "2026-12-02T10:00:00.000Z",
      },
      {},
    );
    expect(e).toMatchObject({ type: "budget.exceeded", key: "b1:2026-12-01T00:00:00.000Z:1" });
    expect(e.data).toMatchObject({ scope: "agent", scopeId: "ag1", spent: "9007199254740993", limit: "cost" });
  });
});
