/**
 * The shapes of the conversation HTTP API as the browser sees them: stored events
 * `{seq, runId, type, createdAt, data}`, the conversation detail and the run trace.
 * Browser-side types only; the server is the authority on every field.
 */

// The vocabularies are the server's own (type-only: nothing of lib/ reaches the bundle).
export type { RunKind, RunStatus, StopReason, RunUsage } from "@/lib/events/event-types";
import type { RunKind, RunStatus, StopReason, RunUsage } from "@/lib/events/event-types";

export type ToolOutput =
  | { type: "text"; value: string }
  | { type: "json"; value: unknown }
  | { type: "error-text"; value: string }
  | { type: "error-json"; value: unknown }
  | { type: "execution-denied"; reason?: string }
  | { type: "content"; value: unknown[] };

export type MessagePart =
  | { type: "text"; text: string }
  | { type: "tool-call"; toolCallId: string; toolName: string; input: unknown }
  | { type: "tool-result"; toolCallId: string; toolName: string; output: ToolOutput };

export interface EventDataMap {
  RunStarted: { kind: RunKind; parentRunId: string | null; agentId: string; model: string };
  LlmMessageEvent: { role: "user" | "assistant" | "tool"; parts: MessagePart[] };
  ToolCallEvent: { toolName: string; toolCallId: string; arguments: string };
  ToolReturnEvent: {
    toolName: string;
    toolCallId: string;
    success: boolean;
    durationMs: number;
    errorType?: string;
    childRunId?: string;
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
  };
  LlmSystemPromptEvent: { parts: { dynamicRef: string | null; content: string }[]; contentHash: string };
  LlmContextCompactedEvent: {
    strategyId: string;
    summary: string;
    replacedMessageCount: number;
    summarizerPromptVersion: string;
    tokensBefore: number;
    tokensAfter: number;
  };
  LlmContextClearedEvent: { clearedMessageCount: number };
  /** `arguments`: the call's arguments (a JSON string, or already parsed). */
  ApprovalRequested: {
    approvalId: string;
    toolName: string;
    toolCallId: string;
    arguments: unknown;
    argumentsHash: string;
  };
  /** `decision`: "approve" | "deny". */
  ApprovalDecided: { approvalId: string; decision: string; reason: string | null; decidedBy: string | null };
  ModelSwitched: { from: string; to: string };
  ToolStateEvent: { toolId: string; toolName: string; toolSeq: number; payload: unknown };
  RunFinished: {
    status: Exclude<RunStatus, "running">;
    stopReason: StopReason;
    usage: RunUsage;
    costNanoUsd: number;
    error?: { type: string; message: string } | null;
  };
}

export type EventType = keyof EventDataMap;

export type StoredEventOf<T extends EventType> = {
  seq: number;
  runId: string | null;
  type: T;
  createdAt: string;
  data: EventDataMap[T];
};

/** One stored event; `data` is narrowed by `type`. */
export type StoredEvent = { [T in EventType]: StoredEventOf<T> }[EventType];

/** Streamed answer text of a run: transient, never stored. */
export interface TextDelta {
  runId: string;
  delta: string;
}

/** `GET /api/conversations/{id}/events` */
export interface EventsPage {
  events: StoredEvent[];
  lastSeq: number;
}

export interface RunRow {
  id: string;
  kind: RunKind;
  parentRunId: string | null;
  status: RunStatus;
  stopReason: StopReason | null;
  model: string | null;
  requests: number;
  toolCalls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  costNanoUsd: number;
  startedAt: string;
  finishedAt: string | null;
}

/** `GET /api/conversations/{id}` */
export interface ConversationDetail {
  id: string;
  agentId: string;
  agentName: string;
  title: string | null;
  lastSeq: number;
  createdAt: string;
  updatedAt: string;
  activeRun: { id: string; status: RunStatus } | null;
  pendingApprovals: { id: string; toolName: string; toolCallId: string }[];
  model: string;
  roster: string[];
  runs: RunRow[];
}

/** `GET /api/runs/{id}` */
export interface RunDetail {
  run: RunRow & {
    conversationId: string;
    agentId: string;
    agentName: string;
    error: { type: string; message: string } | null;
    childRunIds: string[];
  };
  events: StoredEvent[];
}
