/**
 * A conversation's context is a fold over its event log: the messages of its turn and conclusion
 * runs (child runs keep their own context), with compaction and clear applied where they were
 * recorded. The same fold serves a live run and a restarted server, so both see the same history.
 */
import type { LanguageModelV3Message } from "@ai-sdk/provider";
import type { MessagePart, StoredEvent } from "../../events/event-types";
import { finalAnswerOf } from "./structured/read-action";

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

/** The fold's running state: the context so far, and what it needs to read the events after. */
export interface ContextFold extends FoldedContext {
  /** Child runs keep their own context: their messages and usage are not the conversation's. */
  childRuns: Set<string>;
  runAgent: Map<string, string>;
}

export function emptyFold(): ContextFold {
  return {
    messages: [],
    lastInputTokens: null,
    systemPromptHashes: new Map(),
    childRuns: new Set(),
    runAgent: new Map(),
  };
}

/**
 * Where a fold that replaces the first `count` messages may cut: never between a tool call and
 * its results. A cut that would leave tool-result messages at the head of what is kept (their
 * assistant message folded away) moves past them, so the kept tail never opens with an orphaned
 * result — providers refuse a tool result whose call they never saw.
 */
export function pairSafeCut(messages: readonly LanguageModelV3Message[], count: number): number {
  let cut = Math.max(0, Math.min(Math.floor(count), messages.length));
  while (cut < messages.length && messages[cut]!.role === "tool") cut++;
  return cut;
}

/** The summary (or a window's marker) as the one message that stands for what a compaction replaced. */
export function summaryMessage(summary: string): LanguageModelV3Message {
  return { role: "user", content: [{ type: "text", text: `${SUMMARY_PREFIX}\n${summary}` }] };
}

/**
 * Applies one event to the fold (in place) and returns it. This is the only place a compaction or
 * clear changes the context: the run head that records a fold applies its stored event here, and
 * a replay after a restart applies the same event here, so both send the model the same messages.
 *
 * A compaction replaces the first `replacedMessageCount` messages (cut where pairing allows) with
 * one summary message; a clear empties the context and forgets the recorded system prompts, so the
 * next run records its prompt again as a first run does. Both forget the last reported input
 * size: the next trigger decision waits for a request made on the folded context. (The
 * summarizer's own LlmUsageEvent is appended just before its compaction event, so it never counts
 * as the size of the conversation's context.)
 */
export function applyEvent(fold: ContextFold, e: StoredEvent): ContextFold {
  switch (e.type) {
    case "RunStarted":
      if (e.runId) fold.runAgent.set(e.runId, e.data.agentId);
      if (e.data.kind === "child" && e.runId) fold.childRuns.add(e.runId);
      break;
    case "LlmMessageEvent":
      if (e.runId && fold.childRuns.has(e.runId)) break;
      // A blank answer (no text, no calls) stays in the log but not in the context: some
      // providers refuse an empty message, and it tells the model nothing.
      if (e.data.parts.length === 0) break;
      fold.messages.push(toModelMessage(e.data.role, e.data.parts));
      break;
    case "LlmUsageEvent":
      if (e.runId && fold.childRuns.has(e.runId)) break;
      fold.lastInputTokens = e.data.inputTokens;
      break;
    case "LlmSystemPromptEvent": {
      const agentId = e.runId ? fold.runAgent.get(e.runId) : undefined;
      if (agentId) fold.systemPromptHashes.set(agentId, e.data.contentHash);
      break;
    }
    case "LlmContextCompactedEvent": {
      const cut = pairSafeCut(fold.messages, e.data.replacedMessageCount);
      fold.messages = [summaryMessage(e.data.summary), ...fold.messages.slice(cut)];
      fold.lastInputTokens = null;
      break;
    }
    case "LlmContextClearedEvent":
      fold.messages = [];
      fold.lastInputTokens = null;
      fold.systemPromptHashes.clear();
      break;
    default:
      break;
  }
  return fold;
}

/** The fold over a whole log, kept open for the events that follow (see applyEvent). */
export function foldEvents(events: readonly StoredEvent[]): ContextFold {
  const fold = emptyFold();
  for (const e of events) applyEvent(fold, e);
  return fold;
}

/** A child run's own context: its messages in the log, in order (child runs are never compacted). */
export function runMessages(events: readonly StoredEvent[], runId: string): LanguageModelV3Message[] {
  const messages: LanguageModelV3Message[] = [];
  for (const e of events)
    if (e.type === "LlmMessageEvent" && e.runId === runId && e.data.parts.length > 0)
      messages.push(toModelMessage(e.data.role, e.data.parts));
  return messages;
}

/**
 * Each run's last assistant message as text (its answer, when the run completed); a structured
 * run's `final_answer` object gives its `text` (structured/read-action.ts).
 */
export function lastAssistantTexts(events: readonly StoredEvent[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const e of events)
    if (e.type === "LlmMessageEvent" && e.runId && e.data.role === "assistant") {
      const text = e.data.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
      texts.set(e.runId, (text.trimStart().startsWith("{") ? finalAnswerOf(text) : null) ?? text);
    }
  return texts;
}

export function foldContext(events: readonly StoredEvent[]): FoldedContext {
  const { messages, lastInputTokens, systemPromptHashes } = foldEvents(events);
  return { messages, lastInputTokens, systemPromptHashes };
}
