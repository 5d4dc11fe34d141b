import { describe, expect, it } from "vitest";
import type { EventData, EventType, StoredEvent } from "../../../events/event-types";
import { contextBlocksOf, reconstructRequest } from "./reconstruct-request";
import { settingsFor } from "./request-settings";

let seq = 0;
function ev<T extends EventType>(runId: string | null, type: T, data: EventData[T]): StoredEvent {
  return { seq: ++seq, runId, type, createdAt: "2026-12-01T10:00:00.000Z", data } as StoredEvent;
}
const usage = (over: Partial<EventData["LlmUsageEvent"]> = {}): EventData["LlmUsageEvent"] => ({
  provider: "openai",
  model: "gpt-4o",
  requestedModel: "openai:gpt-4o",
  inputTokens: 100,
  outputTokens: 20,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  totalTokens: 120,
  costNanoUsd: 1_500,
  priced: true,
  durationMs: 40,
  ...over,
});
const text = (t: string) => [{ type: "text" as const, text: t }];
const started = (kind: "turn" | "child" | "conclusion", agentId = "a1", parentRunId: string | null = null) => ({
  kind,
  parentRunId,
  agentId,
  model: "openai:gpt-4o",
});

/** A conversation: an earlier turn, then a turn that calls a tool and an agent (a child run), then answers. */
function conversation() {
  seq = 0;
  const events: StoredEvent[] = [
    ev("R1", "RunStarted", started("turn")),
    ev("R1", "LlmSystemPromptEvent", { parts: [{ dynamicRef: null, content: "You are lead." }], contentHash: "h1" }),
    ev("R1", "LlmMessageEvent", { role: "user", parts: text("hello") }),
    ev("R1", "LlmMessageEvent", { role: "assistant", parts: text("hi there") }),
    ev("R1", "LlmUsageEvent", usage({ offeredTools: ["weather"] })),
    ev("R1", "RunFinished", {
      status: "completed",
      stopReason: "end_turn",
      usage: { requests: 1, toolCalls: 0, inputTokens: 100, outputTokens: 20, totalTokens: 120 },
      costNanoUsd: 1_500,
    }),
    ev("R2", "RunStarted", started("turn")),
    ev("R2", "LlmMessageEvent", { role: "user", parts: text("weather in Paris, and ask atlas") }),
    ev("R2", "LlmMessageEvent", {
      role: "assistant",
      parts: [
        { type: "tool-call", toolCallId: "c1", toolName: "weather", input: '{"city":"Paris"}' },
        { type: "tool-call", toolCallId: "c2", toolName: "atlas", input: '{"task":"Tokyo?"}' },
      ],
    }),
    ev("R2", "ToolCallEvent", { toolName: "weather", toolCallId: "c1", arguments: '{"city":"Paris"}' }),
    ev("R2", "ToolCallEvent", { toolName: "atlas", toolCallId: "c2", arguments: '{"task":"Tokyo?"}' }),
    ev("R2", "LlmUsageEvent", {
      ...usage({ offeredTools: ["atlas", "weather"] }),
      contextBlocks: [{ tool: "clock", text: "It is noon.", durationMs: 3 }],
    }),
    ev("C", "RunStarted", started("child", "a2", "R2")),
    ev("C", "LlmSystemPromptEvent", { parts: [{ dynamicRef: null, content: "You are atlas." }], contentHash: "h2" }),
    ev("C", "LlmMessageEvent", { role: "user", parts: text("Tokyo?") }),
    ev("C", "LlmMessageEvent", { role: "assistant", parts: text("14 million") }),
    ev("C", "LlmUsageEvent", usage({ offeredTools: [] })),
    ev("R2", "LlmMessageEvent", {
      role: "tool",
      parts: [
        { type: "tool-result", toolCallId: "c1", toolName: "weather", output: { type: "json", value: { c: 21 } } },
        { type: "tool-result", toolCallId: "c2", toolName: "atlas", output: { type: "text", value: "14 million" } },
      ],
    }),
    ev("R2", "LlmMessageEvent", { role: "assistant", parts: text("21 degrees; Tokyo has 14 million.") }),
    ev("R2", "LlmUsageEvent", usage({ offeredTools: ["atlas", "weather"] })),
  ];
  return events;
}

const seqOf = (events: StoredEvent[], runId: string, nth: number) =>
  events.filter((e) => e.type === "LlmUsageEvent" && e.runId === runId)[nth]!.seq;

describe("reconstructRequest", () => {
  it("a turn's first request: the system prompt, the history before it and its own message; its answer is the response", () => {
    const events = conversation();
    const r = reconstructRequest(events, "R2", seqOf(events, "R2", 0))!;
    expect(r.messages).toEqual([
      { role: "system", content: "You are lead." },
      { role: "user", content: text("hello") },
      { role: "assistant", content: text("hi there") },
      { role: "user", content: text("weather in Paris, and ask atlas") },
    ]);
    expect(r.offeredTools).toEqual(["atlas", "weather"]);
    expect(r.contextBlocks).toEqual([{ tool: "clock", text: "It is noon.", durationMs: 3, error: null }]);
    expect(r.response).toEqual({
      text: "",
      toolCalls: [
        { toolCallId: "c1", toolName: "weather", input: '{"city":"Paris"}' },
        { toolCallId: "c2", toolName: "atlas", input: '{"task":"Tokyo?"}' },
      ],
      finishReason: "tool-calls",
    });
    expect(r.agentId).toBe("a1");
  });

  it("the next request carries the step's call and the results; the child run's messages stay out", () => {
    const events = conversation();
    const r = reconstructRequest(events, "R2", seqOf(events, "R2", 1))!;
    expect(r.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user", "assistant", "tool"]);
    expect(JSON.stringify(r.messages)).not.toContain("You are atlas.");
    expect(r.response).toMatchObject({
      text: "21 degrees; Tokyo has 14 million.",
      toolCalls: [],
      finishReason: "stop",
    });
  });

  it("a child run's request: its own system prompt and task only", () => {
    const events = conversation();
    const r = reconstructRequest(events, "C", seqOf(events, "C", 0))!;
    expect(r.messages).toEqual([
      { role: "system", content: "You are atlas." },
      { role: "user", content: text("Tokyo?") },
    ]);
    expect(r.agentId).toBe("a2");
    expect(r.offeredTools).toEqual([]);
  });

  it("a compaction before the turn: the summary stands for what it replaced", () => {
    const events = conversation().slice(0, 6);
    events.push(
      ev("R3", "LlmUsageEvent", usage({ offeredTools: undefined })),
      ev("R3", "LlmContextCompactedEvent", {
        strategyId: "summarize",
        summary: "They greeted.",
        replacedMessageCount: 2,
        summarizerPromptVersion: "v1",
        tokensBefore: 100,
        tokensAfter: 10,
      }),
      ev("R3", "RunStarted", started("turn")),
      ev("R3", "LlmMessageEvent", { role: "user", parts: text("again") }),
      ev("R3", "LlmMessageEvent", { role: "assistant", parts: text("yes") }),
      ev("R3", "LlmUsageEvent", usage()),
    );
    const summarizer = events.at(-6)!.seq;
    expect(reconstructRequest(events, "R3", summarizer)).toBeNull();
    const r = reconstructRequest(events, "R3", events.at(-1)!.seq)!;
    expect(r.messages).toEqual([
      { role: "system", content: "You are lead." },
      { role: "user", content: text("Summary of the conversation so far:\nThey greeted.") },
      { role: "user", content: text("again") },
    ]);
    expect(r.offeredTools).toBeNull();
  });

  it("null for a seq that is not a model request of the run", () => {
    const events = conversation();
    expect(reconstructRequest(events, "R2", 1)).toBeNull();
    expect(reconstructRequest(events, "R1", seqOf(events, "R2", 0))).toBeNull();
    expect(reconstructRequest(events, "R2", 9_999)).toBeNull();
  });
});

describe("contextBlocksOf", () => {
  it("reads what is there and skips what is not a block", () => {
    expect(contextBlocksOf({})).toEqual([]);
    expect(contextBlocksOf({ contextBlocks: "no" })).toEqual([]);
    expect(
      contextBlocksOf({
        contextBlocks: [
          { tool: "a", text: "x", durationMs: 2, error: "timed out" },
          { tool: "b", text: "y", error: { message: "boom" } },
          { text: "no tool" },
          null,
        ],
      }),
    ).toEqual([
      { tool: "a", text: "x", durationMs: 2, error: "timed out" },
      { tool: "b", text: "y", durationMs: null, error: "boom" },
    ]);
  });
});

describe("settingsFor", () => {
  const config = {
    model: {
      provider: "openai",
      model: "gpt-4o",
      temperature: 0.2,
      maxTokens: 800,
      seed: null,
      reasoningEffort: null,
      fallbackModels: [{ provider: "anthropic", model: "claude", temperature: 1, maxTokens: null }],
    },
    roster: [],
  };
  it("the entry asked for, or a fallback entry; null for an entry the version does not have", () => {
    expect(settingsFor(config, "openai:gpt-4o")).toEqual({
      model: "openai:gpt-4o",
      temperature: 0.2,
      maxTokens: 800,
      seed: null,
      reasoningEffort: null,
    });
    expect(settingsFor(config, "anthropic:claude")).toMatchObject({ temperature: 1, maxTokens: null });
    expect(settingsFor(config, "openai:other")).toBeNull();
    expect(settingsFor(null, "openai:gpt-4o")).toBeNull();
  });
  it("a roster's entries", () => {
    expect(settingsFor({ roster: [{ provider: "demo", model: "a", temperature: 0.5 }] }, "demo:a")?.temperature).toBe(
      0.5,
    );
  });
});
