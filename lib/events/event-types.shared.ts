/**
 * The event log's wire contract as zod schemas, shared by the server and the browser: every stored
 * event is `{seq, runId, type, createdAt, data}`, and `data` holds the type's fields (camelCase).
 * `seq` numbers a conversation's events 1, 2, 3… with no gaps. The field names are a public
 * contract (docs/conversations-api.md): keep them exactly. Each schema and its type share one
 * name; lib/events/event-types.ts re-exports them for the server. Browser-safe: imports only zod
 * (and the AI SDK's tool-result type, type-only).
 *
 * Event data schemas are not strict: the log is history, and an event written by an older version
 * may carry a field this one no longer writes.
 */
import type { JSONValue, LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import { z } from "zod";
import { ApprovalTarget } from "../runs/read-models/approvals/list-approvals.shared";

const Int = z.number().int();

/**
 * `command`: an operator ran one of the agent's tools directly (POST /api/conversations/:id/commands), no model.
 * `judge`: an eval's judge model scoring the case's answer against a rubric (lib/evals, docs/evals.md).
 */
export const RunKind = z.enum(["turn", "conclusion", "child", "command", "judge"]);
export type RunKind = z.infer<typeof RunKind>;

export const RunStatus = z.enum(["running", "completed", "suspended", "failed", "interrupted"]);
export type RunStatus = z.infer<typeof RunStatus>;

export const FinishedRunStatus = RunStatus.exclude(["running"]);
export type FinishedRunStatus = z.infer<typeof FinishedRunStatus>;

export const StopReason = z.enum([
  "end_turn",
  "awaiting_approval",
  "usage_limit",
  "error",
  "interrupted",
  "superseded",
]);
export type StopReason = z.infer<typeof StopReason>;

/**
 * Any JSON value, typed as the AI SDK's `JSONValue` (whose objects may hold `undefined`, which
 * JSON drops: the wire never carries it).
 */
const JsonValue: z.ZodType<JSONValue, JSONValue> = z.lazy(() =>
  z.union([
    z.null(),
    z.string(),
    z.number(),
    z.boolean(),
    z.array(JsonValue),
    z.record(z.string(), JsonValue.optional()),
  ]),
);

/** Provider-specific options of a part (`Record<provider, JSON object>`). */
const ProviderOptions = z.record(z.string(), z.record(z.string(), JsonValue.optional()));
const withOptions = { providerOptions: ProviderOptions.optional() };
const FileId = z.union([z.string(), z.record(z.string(), z.string())]);

/** One part of a `content` tool result (every variant of the AI SDK's). */
const ToolResultContentPart = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string(), ...withOptions }),
  z.object({
    type: z.literal("file-data"),
    data: z.string(),
    mediaType: z.string(),
    filename: z.string().optional(),
    ...withOptions,
  }),
  z.object({ type: z.literal("file-url"), url: z.string(), mediaType: z.string().optional(), ...withOptions }),
  z.object({ type: z.literal("file-id"), fileId: FileId, ...withOptions }),
  z.object({ type: z.literal("image-data"), data: z.string(), mediaType: z.string(), ...withOptions }),
  z.object({ type: z.literal("image-url"), url: z.string(), ...withOptions }),
  z.object({ type: z.literal("image-file-id"), fileId: FileId, ...withOptions }),
  z.object({ type: z.literal("custom"), ...withOptions }),
]);

const ToolResultOutputSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), value: z.string(), ...withOptions }),
  z.object({ type: z.literal("json"), value: JsonValue, ...withOptions }),
  z.object({ type: z.literal("execution-denied"), reason: z.string().optional(), ...withOptions }),
  z.object({ type: z.literal("error-text"), value: z.string(), ...withOptions }),
  z.object({ type: z.literal("error-json"), value: JsonValue, ...withOptions }),
  z.object({ type: z.literal("content"), value: z.array(ToolResultContentPart), ...withOptions }),
]);

/** Every output the AI SDK can carry is accepted: a variant added there and missing here fails to compile. */
type AcceptsEverySdkOutput =
  LanguageModelV3ToolResultOutput extends z.input<typeof ToolResultOutputSchema> ? true : never;
const acceptsEverySdkOutput: AcceptsEverySdkOutput = true;
void acceptsEverySdkOutput;

/**
 * What a tool call was answered, as the model read it: the AI SDK's tool-result output (text, JSON,
 * an error, a denial, or content parts). The schema's answer is the SDK's own type.
 */
export const ToolResultOutput: z.ZodType<LanguageModelV3ToolResultOutput, LanguageModelV3ToolResultOutput> =
  ToolResultOutputSchema;
export type ToolResultOutput = LanguageModelV3ToolResultOutput;

/** A message part as the model saw or sent it (the AI SDK's prompt parts, JSON-safe). */
export const MessagePart = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  /** `input`: the call's arguments as the model sent them (open: any JSON). */
  z.object({ type: z.literal("tool-call"), toolCallId: z.string(), toolName: z.string(), input: z.unknown() }),
  z.object({ type: z.literal("tool-result"), toolCallId: z.string(), toolName: z.string(), output: ToolResultOutput }),
]);
export type MessagePart = z.infer<typeof MessagePart>;

export const MessageRole = z.enum(["user", "assistant", "tool"]);
export type MessageRole = z.infer<typeof MessageRole>;

export const RunUsage = z.object({
  requests: Int,
  toolCalls: Int,
  inputTokens: Int,
  outputTokens: Int,
  totalTokens: Int,
});
export type RunUsage = z.infer<typeof RunUsage>;

/** Why a run failed: `{type, message}` and whatever details the error carried. */
export const RunError = z.looseObject({ type: z.string(), message: z.string() });
export type RunError = z.infer<typeof RunError>;

/** One part of a system prompt rendering: static text, or a dynamic reference's current value. */
export const SystemPromptPart = z.object({ dynamicRef: z.string().nullable(), content: z.string() });
export type SystemPromptPart = z.infer<typeof SystemPromptPart>;

/**
 * One tool's per-request context (its module's `context(ctx)`): the text it returned (empty when it
 * returned nothing), how long it ran, and why it failed (the request went on without it).
 */
export const ContextBlock = z.object({
  tool: z.string(),
  text: z.string(),
  durationMs: z.number().nonnegative(),
  error: z.string().optional(),
});
export type ContextBlock = z.infer<typeof ContextBlock>;

/** The `data` of each event type. */
export const EventData = {
  RunStarted: z.object({
    kind: RunKind,
    parentRunId: z.string().nullable(),
    agentId: z.string(),
    model: z.string(),
    /** The agent version the run runs; absent from runs written before versions. */
    agentVersion: Int.positive().optional(),
    /**
     * Tool entries that follow the latest version, as resolved when the run started
     * (`{toolId, name, version}`); absent when none do.
     */
    followedTools: z.array(z.object({ toolId: z.string(), name: z.string(), version: Int.positive() })).optional(),
    /**
     * The attached skills as resolved when the run started (`{name, version}`; `version` null for a
     * skill read from ATELIER_SKILLS_DIRS); absent when none are attached.
     */
    skills: z.array(z.object({ name: z.string(), version: Int.positive().nullable() })).optional(),
    /** Who the run works for (`ctx.user`: the principal who posted the turn); absent when no one did. */
    user: z
      .object({
        id: z.string(),
        roles: z.array(z.string()),
        /** The API token the turn came with (absent: a signed-in browser, or no token). */
        apiTokenId: z.string().optional(),
      })
      .nullable()
      .optional(),
  }),
  LlmMessageEvent: z.object({ role: MessageRole, parts: z.array(MessagePart) }),
  /** `arguments`: the raw JSON string the model sent. */
  ToolCallEvent: z.object({ toolName: z.string(), toolCallId: z.string(), arguments: z.string() }),
  ToolReturnEvent: z.object({
    toolName: z.string(),
    toolCallId: z.string(),
    success: z.boolean(),
    /** Milliseconds (fractional: the tracing stage keeps microseconds). */
    durationMs: z.number(),
    errorType: z.string().optional(),
    /** When the tool was another agent: the child run that answered. */
    childRunId: z.string().optional(),
    /**
     * Answered without running: by the idempotency stage from an earlier identical call of this
     * run, or — in a replay conversation (`replayOf`) — from the original conversation's record.
     */
    replayed: z.boolean().optional(),
    /** The memoize stage answered from an earlier identical call of this run. */
    memoized: z.boolean().optional(),
    /** In an experiment's conversation: answered by the eval case's mock; the tool did not run (docs/evals.md). */
    mocked: z.boolean().optional(),
  }),
  LlmUsageEvent: z.object({
    provider: z.string(),
    model: z.string(),
    requestedModel: z.string(),
    inputTokens: Int,
    outputTokens: Int,
    cacheReadTokens: Int,
    cacheWriteTokens: Int,
    totalTokens: Int,
    /** Integer nano-USD. */
    costNanoUsd: Int,
    priced: z.boolean(),
    priceVersion: z.string().nullable().optional(),
    durationMs: Int.optional(),
    /** The names of the tools offered in that request (availability holds), sorted. */
    offeredTools: z.array(z.string()).optional(),
    /**
     * What the tools' `context(ctx)` functions gave that request (sent after the history as a system
     * block, never stored as a message), in the agent's tool order; absent when no tool has one.
     */
    contextBlocks: z.array(ContextBlock).optional(),
  }),
  LlmSystemPromptEvent: z.object({ parts: z.array(SystemPromptPart), contentHash: z.string() }),
  LlmContextCompactedEvent: z.object({
    strategyId: z.string(),
    summary: z.string(),
    replacedMessageCount: Int,
    summarizerPromptVersion: z.string().nullable(),
    tokensBefore: Int,
    tokensAfter: Int,
  }),
  LlmContextClearedEvent: z.object({ clearedMessageCount: Int }),
  ApprovalRequested: z.object({
    approvalId: z.string(),
    toolName: z.string(),
    toolCallId: z.string(),
    /** The call's arguments (open: any JSON, or the raw string). */
    arguments: z.unknown(),
    argumentsHash: z.string(),
    /**
     * What will run once approved (a tool version, an MCP tool and its schema hash, an agent); null
     * for `memory`; absent from events written before targets were recorded.
     */
    target: ApprovalTarget.nullable().optional(),
  }),
  ApprovalDecided: z.object({
    approvalId: z.string(),
    decision: z.enum(["approve", "deny"]),
    reason: z.string().nullable(),
    decidedBy: z.string().nullable(),
  }),
  ModelSwitched: z.object({ from: z.string(), to: z.string() }),
  /** The conversation was moved to another agent version on purpose (runId null); `label` when moved by one. */
  AgentVersionChanged: z.object({ from: Int.positive(), to: Int.positive(), label: z.string().nullable() }),
  /** `payload`: what the tool emitted (open). */
  ToolStateEvent: z.object({ toolId: z.string(), toolName: z.string(), toolSeq: Int, payload: z.unknown() }),
  RunFinished: z.object({
    status: FinishedRunStatus,
    stopReason: StopReason,
    usage: RunUsage,
    /** Integer nano-USD. */
    costNanoUsd: Int,
    /** When the run failed (or was interrupted). */
    error: RunError.optional(),
  }),
};
export type EventData = { [T in EventType]: z.infer<(typeof EventData)[T]> };

export type EventType = keyof typeof EventData;
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
  "AgentVersionChanged",
  "ToolStateEvent",
  "RunFinished",
] as const satisfies readonly EventType[];

/** One stored event of type `type`: `runId` null for a compaction, clear or model switch outside any run. */
function storedEvent<T extends EventType>(type: T) {
  return z.object({
    seq: Int.positive(),
    runId: z.string().nullable(),
    type: z.literal(type),
    /** ISO date-time of the commit that wrote it (a hint; order is `seq`). */
    createdAt: z.iso.datetime(),
    data: EventData[type],
  });
}

/** Each type's stored event, by type (`EventOf.ModelSwitched`; the type `EventOf<"ModelSwitched">`). */
export const EventOf = {
  RunStarted: storedEvent("RunStarted"),
  LlmMessageEvent: storedEvent("LlmMessageEvent"),
  ToolCallEvent: storedEvent("ToolCallEvent"),
  ToolReturnEvent: storedEvent("ToolReturnEvent"),
  LlmUsageEvent: storedEvent("LlmUsageEvent"),
  LlmSystemPromptEvent: storedEvent("LlmSystemPromptEvent"),
  LlmContextCompactedEvent: storedEvent("LlmContextCompactedEvent"),
  LlmContextClearedEvent: storedEvent("LlmContextClearedEvent"),
  ApprovalRequested: storedEvent("ApprovalRequested"),
  ApprovalDecided: storedEvent("ApprovalDecided"),
  ModelSwitched: storedEvent("ModelSwitched"),
  AgentVersionChanged: storedEvent("AgentVersionChanged"),
  ToolStateEvent: storedEvent("ToolStateEvent"),
  RunFinished: storedEvent("RunFinished"),
} satisfies { [T in EventType]: ReturnType<typeof storedEvent<T>> };
export type EventOf<T extends EventType> = Extract<StoredEvent, { type: T }>;

/** An event as stored and served; `data` is narrowed by `type`. */
export const StoredEvent = z.discriminatedUnion("type", [
  EventOf.RunStarted,
  EventOf.LlmMessageEvent,
  EventOf.ToolCallEvent,
  EventOf.ToolReturnEvent,
  EventOf.LlmUsageEvent,
  EventOf.LlmSystemPromptEvent,
  EventOf.LlmContextCompactedEvent,
  EventOf.LlmContextClearedEvent,
  EventOf.ApprovalRequested,
  EventOf.ApprovalDecided,
  EventOf.ModelSwitched,
  EventOf.AgentVersionChanged,
  EventOf.ToolStateEvent,
  EventOf.RunFinished,
]);
export type StoredEvent = z.infer<typeof StoredEvent>;

/** Streamed answer text of a run, as the bus carries it: sent to live followers, never stored. */
export const TextDelta = z.object({ type: z.literal("LlmTextDelta"), runId: z.string(), delta: z.string() });
export type TextDelta = z.infer<typeof TextDelta>;

/** The `data` of an SSE `event: LlmTextDelta` frame (the frame's `event:` names the type). */
export const TextDeltaFrame = TextDelta.omit({ type: true });
export type TextDeltaFrame = z.infer<typeof TextDeltaFrame>;

/**
 * The data of one server-sent event of a conversation's stream (`POST …/messages`, `GET …/events`
 * with `Accept: text/event-stream`): a stored event (`id: seq`, `event: type`) or a text delta
 * (`event: LlmTextDelta`, no id).
 */
export const StreamMessage = z.union([StoredEvent, TextDeltaFrame]);
export type StreamMessage = z.infer<typeof StreamMessage>;

/** Events one `GET /api/conversations/:id/events` answers when `limit` is not given, and at most. */
export const EVENTS_PAGE_DEFAULT = 1000;
export const EVENTS_PAGE_MAX = 5000;

/**
 * A page of a conversation's events after a seq (`GET /api/conversations/:id/events`): the
 * conversation's newest seq (`lastSeq`), whether events follow this page (`hasMore`), and the
 * `after` that asks for them (`nextAfter`: the seq of the page's last event, or the `after` asked
 * when the page is empty).
 */
export const EventsPage = z.object({
  events: z.array(StoredEvent),
  lastSeq: Int.nonnegative(),
  hasMore: z.boolean(),
  nextAfter: Int.nonnegative(),
});
export type EventsPage = z.infer<typeof EventsPage>;

/**
 * The data of the `event: error` frame that ends a live stream (`StreamOverflow`: its reader fell
 * ATELIER_STREAM_BUFFER bytes behind); `after` is the seq of the last stored event it carried, to
 * reconnect from.
 */
export const StreamErrorFrame = z.object({
  error: z.object({ code: z.string(), message: z.string(), after: Int.nonnegative().optional() }),
});
export type StreamErrorFrame = z.infer<typeof StreamErrorFrame>;

/** The `error.code` of the last frame of a stream whose reader fell too far behind. */
export const STREAM_OVERFLOW = "StreamOverflow";
