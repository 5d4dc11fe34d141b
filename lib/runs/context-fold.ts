/**
 * A conversation's context is a fold over its event log: the messages of its turn and conclusion
 * runs (child runs keep their own context), with compaction and clear applied where they were
 * recorded. The same fold serves a live run and a restarted server, so both see the same history.
 */
import type { LanguageModelV3Message } from "@ai-sdk/provider";
import type { MessagePart, StoredEvent } from "../events/event-types";

export interface FoldedContext {
  messages: LanguageModelV3Message[];
  /** Provider-reported input tokens of the last request of the conversation's own runs. */
  lastInputTokens: number | null;
  /** The hash of the last recorded system prompt per agent. */
  systemPromptHashes: Map<string, string>;
}

export const SUMMARY_PREFIX = "Summary of the conversation so far:";

export function toModelMessage(
  role: "user" | "assistant" | "tool",
  parts: readonly MessagePart[],
): LanguageModelV3Message {
  if (role === "user") {
    return {
      role: "user",
      content: parts
        .filter((p) => p.type === "text")
        .map((p) => ({ type: "text", text: (p as { text: string }).text })),
    };
  }
  if (role === "tool") {
    return {
      role: "tool",
      content: parts
        .filter((p): p is Extract<MessagePart, { type: "tool-result" }> => p.type === "tool-result")
        .map((p) => ({ type: "tool-result", toolCallId: p.toolCallId, toolName: p.toolName, output: p.output })),
    };
  }
  return {
    role: "assistant",
    content: parts.map((p) =>
      p.type === "text"
        ? { type: "text" as const, text: p.text }
        : p.type === "tool-call"
          ? { type: "tool-call" as const, toolCallId: p.toolCallId, toolName: p.toolName, input: p.input }
          : { type: "tool-result" as const, toolCallId: p.toolCallId, toolName: p.toolName, output: p.output },
    ),
  };
}

export function foldContext(events: readonly StoredEvent[]): FoldedContext {
  const childRuns = new Set<string>();
  const runAgent = new Map<string, string>();
  let messages: LanguageModelV3Message[] = [];
  let lastInputTokens: number | null = null;
  const systemPromptHashes = new Map<string, string>();
  for (const e of events) {
    switch (e.type) {
      case "RunStarted":
        if (e.runId) runAgent.set(e.runId, e.data.agentId);
        if (e.data.kind === "child" && e.runId) childRuns.add(e.runId);
        break;
      case "LlmMessageEvent":
        if (e.runId && childRuns.has(e.runId)) break;
        messages.push(toModelMessage(e.data.role, e.data.parts));
        break;
      case "LlmUsageEvent":
        if (e.runId && childRuns.has(e.runId)) break;
        lastInputTokens = e.data.inputTokens;
        break;
      case "LlmSystemPromptEvent": {
        const agentId = e.runId ? runAgent.get(e.runId) : undefined;
        if (agentId) systemPromptHashes.set(agentId, e.data.contentHash);
        break;
      }
      case "LlmContextCompactedEvent": {
        const kept = messages.slice(Math.min(e.data.replacedMessageCount, messages.length));
        messages = [
          { role: "user", content: [{ type: "text", text: `${SUMMARY_PREFIX}\n${e.data.summary}` }] },
          ...kept,
        ];
        lastInputTokens = null;
        break;
      }
      case "LlmContextClearedEvent":
        messages = [];
        lastInputTokens = null;
        break;
      default:
        break;
    }
  }
  return { messages, lastInputTokens, systemPromptHashes };
}
