/**
 * What one model request of a run sent and got back, rebuilt from the conversation's event log —
 * the same folds the run itself uses, so the messages are the ones the run loop put in the prompt:
 *
 * - A request's usage event (`LlmUsageEvent`, seq S) is written right after the assistant message
 *   it produced and that message's `ToolCallEvent`s. A usage event with no assistant message of its
 *   run before it is not a run's request (a compaction's summarizer request): null.
 * - What was sent is the context as it stood just before that assistant message: for a turn or a
 *   conclusion, the conversation's fold (engine/context-fold.ts: compactions and clears applied,
 *   child runs left out); for a child run, its own messages (`runMessages`).
 * - The system message is the last system prompt rendering recorded for the run's agent before the
 *   request (renderings are recorded only when they change), joined as the run joins it
 *   (engine/system-messages.ts). Context blocks are read from the usage event when it holds them.
 *
 * The provider SDK's own formatting, options and headers are not recorded: this is a
 * reconstruction, and the view says so.
 */
import type { LanguageModelV3Message } from "@ai-sdk/provider";
import type { EventOf, MessagePart, StoredEvent } from "../../../events/event-types";
import { foldEvents, runMessages } from "../../engine/context-fold";
import { systemMessages } from "../../engine/system-messages";
import type { ContextBlockView, SentMessage } from "./model-request.shared";

export interface RebuiltRequest {
  runId: string;
  /** The agent the run ran (its RunStarted); null when the log holds no RunStarted for it. */
  agentId: string | null;
  usage: EventOf<"LlmUsageEvent">;
  messages: SentMessage[];
  contextBlocks: ContextBlockView[];
  /** The names of the tools offered; null for requests recorded before they were. */
  offeredTools: string[] | null;
  response: {
    text: string;
    toolCalls: Array<{ toolCallId: string; toolName: string; input: unknown }>;
    finishReason: "tool-calls" | "stop";
  };
}

function sentMessage(m: LanguageModelV3Message): SentMessage {
  if (m.role === "system") return { role: "system", content: m.content };
  const parts: MessagePart[] = [];
  for (const p of m.content) {
    if (p.type === "text") parts.push({ type: "text", text: p.text });
    else if (p.type === "tool-call")
      parts.push({ type: "tool-call", toolCallId: p.toolCallId, toolName: p.toolName, input: p.input });
    else if (p.type === "tool-result")
      parts.push({ type: "tool-result", toolCallId: p.toolCallId, toolName: p.toolName, output: p.output });
  }
  return { role: m.role, content: parts };
}

/**
 * The context blocks recorded on a usage event (`contextBlocks: [{tool, text, durationMs, error?}]`),
 * read defensively: the field is newer than most logs, and an entry that is not an object with a
 * tool and a text is skipped.
 */
export function contextBlocksOf(data: unknown): ContextBlockView[] {
  const raw = (data as { contextBlocks?: unknown } | null)?.contextBlocks;
  if (!Array.isArray(raw)) return [];
  const blocks: ContextBlockView[] = [];
  for (const b of raw) {
    if (!b || typeof b !== "object") continue;
    const { tool, text, durationMs, error } = b as Record<string, unknown>;
    if (typeof tool !== "string" || typeof text !== "string") continue;
    blocks.push({
      tool,
      text,
      durationMs: typeof durationMs === "number" && durationMs >= 0 ? durationMs : null,
      error:
        error === undefined || error === null
          ? null
          : typeof error === "string"
            ? error
            : typeof (error as { message?: unknown }).message === "string"
              ? (error as { message: string }).message
              : JSON.stringify(error),
    });
  }
  return blocks;
}

/**
 * The request whose usage event is `seq`, of run `runId`, rebuilt from `events` (the
 * conversation's events in seq order, at least up to `seq`); null when `seq` is not a model
 * request of that run.
 */
export function reconstructRequest(events: readonly StoredEvent[], runId: string, seq: number): RebuiltRequest | null {
  const at = events.findIndex((e) => e.seq === seq);
  const usage = events[at];
  if (!usage || usage.type !== "LlmUsageEvent" || usage.runId !== runId) return null;

  // Back from the usage event, over the step's tool calls, to the assistant message it answered with.
  let answer = -1;
  for (let i = at - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.runId !== runId) continue;
    if (e.type === "ToolCallEvent") continue;
    if (e.type === "LlmMessageEvent" && e.data.role === "assistant") answer = i;
    break;
  }
  if (answer < 0) return null;
  const assistant = events[answer] as EventOf<"LlmMessageEvent">;

  const before = events.slice(0, answer);
  const started = before.find((e): e is EventOf<"RunStarted"> => e.type === "RunStarted" && e.runId === runId);
  const agentId = started?.data.agentId ?? null;
  const history = started?.data.kind === "child" ? runMessages(before, runId) : foldEvents(before).messages;

  // The agent's last rendering before the request (recorded only when it changed).
  const agentOf = new Map<string, string>();
  let prompt: EventOf<"LlmSystemPromptEvent"> | null = null;
  for (const e of before) {
    if (e.type === "RunStarted" && e.runId) agentOf.set(e.runId, e.data.agentId);
    else if (e.type === "LlmSystemPromptEvent" && e.runId && agentId && agentOf.get(e.runId) === agentId) prompt = e;
  }
  const system = systemMessages(prompt?.data.parts ?? []);

  const toolCalls = assistant.data.parts.flatMap((p) =>
    p.type === "tool-call" ? [{ toolCallId: p.toolCallId, toolName: p.toolName, input: p.input }] : [],
  );
  return {
    runId,
    agentId,
    usage,
    messages: [...system, ...history].map(sentMessage),
    contextBlocks: contextBlocksOf(usage.data),
    offeredTools: usage.data.offeredTools ?? null,
    response: {
      text: assistant.data.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join(""),
      toolCalls,
      finishReason: toolCalls.length ? "tool-calls" : "stop",
    },
  };
}
