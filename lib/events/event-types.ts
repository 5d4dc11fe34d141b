/**
 * The event log's wire contract: every stored event is `{seq, runId, type, createdAt, data}`, and
 * `data` holds the type's fields (camelCase). `seq` numbers a conversation's events 1, 2, 3… with
 * no gaps. The field names are a public contract (docs/conversations-api.md): keep them exactly.
 */
import type { LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";

export type RunKind = "turn" | "conclusion" | "child";
export type RunStatus = "running" | "completed" | "suspended" | "failed" | "interrupted";
export type FinishedRunStatus = Exclude<RunStatus, "running">;
export type StopReason = "end_turn" | "awaiting_approval" | "usage_limit" | "error" | "interrupted" | "superseded";

/** A message part as the model saw or sent it (the AI SDK's prompt parts, JSON-safe). */
export type MessagePart =
  | { type: "text"; text: string }
  | { type: "tool-call"; toolCallId: string; toolName: string; input: unknown }
  | { type: "tool-result"; toolCallId: string; toolName: string; output: LanguageModelV3ToolResultOutput };

export interface RunUsage {
  requests: number;
  toolCalls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export interface RunError {
  type: string;
  message: string;
  [detail: string]: unknown;
}

export interface EventData {
  RunStarted: { kind: RunKind; parentRunId: string | null; agentId: string; model: string };
  LlmMessageEvent: { role: "user" | "assistant" | "tool"; parts: MessagePart[] };
  ToolCallEvent: { toolName: string; toolCallId: string; arguments: string };
  ToolReturnEvent: {
    toolName: string;
    toolCallId: string;
    success: boolean;
    durationMs: number;
    errorType?: string;
    /** When the tool was another agent: the child run that answered. */
    childRunId?: string;
    /** The idempotency stage answered from an earlier identical call of this run. */
    replayed?: boolean;
    /** The memoize stage answered from an earlier identical call of this run. */
    memoized?: boolean;
  };
  LlmUsageEvent: {
    provider: string;
    model: string;
    requestedModel: string;
    inputTokens: number;
    outputTokens: number;
    cacheReadTokens: number;
    cacheWriteTokens: number;
    totalTokens: number;
    costNanoUsd: number;
    priced: boolean;
    priceVersion?: string | null;
    durationMs?: number;
  };
  LlmSystemPromptEvent: { parts: Array<{ dynamicRef: string | null; content: string }>; contentHash: string };
  LlmContextCompactedEvent: {
    strategyId: string;
    summary: string;
    replacedMessageCount: number;
    summarizerPromptVersion: string | null;
    tokensBefore: number;
    tokensAfter: number;
  };
  LlmContextClearedEvent: { clearedMessageCount: number };
  ApprovalRequested: {
    approvalId: string;
    toolName: string;
    toolCallId: string;
    arguments: unknown;
    argumentsHash: string;
  };
  ApprovalDecided: {
    approvalId: string;
    decision: "approve" | "deny";
    reason: string | null;
    decidedBy: string | null;
  };
  ModelSwitched: { from: string; to: string };
  ToolStateEvent: { toolId: string; toolName: string; toolSeq: number; payload: unknown };
  RunFinished: {
    status: FinishedRunStatus;
    stopReason: StopReason;
    usage: RunUsage;
    costNanoUsd: number;
    error?: RunError;
  };
}

export type EventType = keyof EventData;
export const EVENT_TYPES = [
  "RunStarted",
  "LlmMessageEvent",
  "ToolCallEvent",
  "ToolReturnEvent",
  "LlmUsageEvent",
  "LlmSystemPromptEvent",
  "LlmContextCompactedEvent",
  "LlmContextClearedEvent",
  "ApprovalRequested",
  "ApprovalDecided",
  "ModelSwitched",
  "ToolStateEvent",
  "RunFinished",
] as const satisfies readonly EventType[];

/** An event before the store numbered it. `runId` is null for compaction/clear outside a run. */
export type NewEvent = { [T in EventType]: { runId: string | null; type: T; data: EventData[T] } }[EventType];

/** An event to append, with what the store needs to write a usage record beside an LlmUsageEvent. */
export interface EventEntry {
  event: NewEvent;
  /** For LlmUsageEvent: the agent and the user's turn it is attributed to. */
  usage?: { agentId: string; rootRunId: string; conversationId: string };
}

/** An event as stored and served. */
export type StoredEvent = {
  [T in EventType]: { seq: number; runId: string | null; type: T; createdAt: string; data: EventData[T] };
}[EventType];

export type EventOf<T extends EventType> = Extract<StoredEvent, { type: T }>;

/** Streamed answer text; sent to live followers, never stored (the final LlmMessageEvent carries it). */
export interface TextDelta {
  type: "LlmTextDelta";
  runId: string;
  delta: string;
}

export function newEvent<T extends EventType>(runId: string | null, type: T, data: EventData[T]): NewEvent {
  return { runId, type, data } as NewEvent;
}
