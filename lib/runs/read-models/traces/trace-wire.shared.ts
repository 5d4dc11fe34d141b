/**
 * A run as a timeline (`GET /api/runs/:id/trace`), browser-safe: the run and every run below it as
 * nested spans, each holding its model requests, tool calls, approvals and context compactions, on
 * one clock (milliseconds from the trace's start). Built by trace-builder.ts, which says
 * where each time comes from. Money is integer nano-USD; an unpriced model keeps its tokens and is
 * marked (`pricing`).
 */
import { z } from "zod";
import { ApprovalDecision, ApprovalStatus, ApprovalTarget } from "../approvals/list-approvals.shared";
import {
  EventData,
  RunError,
  RunKind,
  RunStatus,
  StopReason,
  ToolResultOutput,
} from "../../../events/event-types.shared";
import { Pricing, UsageCounters } from "../../../events/usage-counters.shared";
import { ContextBlockView } from "./model-request.shared";

const Count = z.number().int().nonnegative();
const IsoDateTime = z.iso.datetime();

/** A run's usage (or its tree's): the counters, and whether the cost covers all of it. */
export const TraceUsage = UsageCounters.extend({ pricing: Pricing });
export type TraceUsage = z.infer<typeof TraceUsage>;

const spanTimes = {
  /** Milliseconds from the start of the trace. */
  startMs: z.number(),
  endMs: z.number(),
  /** The event that opened the span. */
  seq: Count,
};

export const TraceModelSpan = z.strictObject({
  ...spanTimes,
  type: z.literal("model"),
  runId: z.string(),
  /** "summarizer": the request that wrote a compaction's summary (its usage is the run's too). */
  purpose: z.enum(["request", "summarizer"]),
  durationMs: z.number().nonnegative(),
  /** The entry that answered (a fallback entry when the requested one failed). */
  provider: z.string(),
  model: z.string(),
  requestedModel: z.string(),
  fallback: z.boolean(),
  inputTokens: Count,
  outputTokens: Count,
  cacheReadTokens: Count,
  cacheWriteTokens: Count,
  totalTokens: Count,
  costNanoUsd: Count,
  priced: z.boolean(),
  /** The system prompt rendering the request was sent with (a key of `RunTrace.systemPrompts`). */
  systemPromptHash: z.string().nullable(),
  /** What the model answered: its text, and the tools it called. */
  text: z.string(),
  toolCalls: z.array(z.string()),
  /** The tools offered in that request (their availability held); null for requests older than the record. */
  offeredTools: z.array(z.string()).nullable(),
  /**
   * What the tools' context functions gave that request (sent after the history, never stored as a
   * message); null when no tool had one (or the request is older than the record).
   */
  contextBlocks: z.array(ContextBlockView).nullable(),
});
export type TraceModelSpan = z.infer<typeof TraceModelSpan>;

export const TraceApprovalSpan = z.strictObject({
  ...spanTimes,
  type: z.literal("approval"),
  runId: z.string(),
  approvalId: z.string(),
  toolName: z.string(),
  toolCallId: z.string(),
  /** The call's arguments (open: any JSON, or the raw string). */
  arguments: z.unknown(),
  /**
   * What approving it runs, as recorded with the request (a saved tool's version, an MCP tool and
   * its schema's hash, an agent); null for `memory` and requests older than targets.
   */
  target: ApprovalTarget.nullable(),
  /** The approval as stored. */
  status: ApprovalStatus,
  decision: ApprovalDecision.nullable(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
  requestedAt: IsoDateTime,
  decidedAt: IsoDateTime.nullable(),
  /** Requested → decided; null while pending (the span then runs to the end of the trace). */
  waitMs: z.number().nonnegative().nullable(),
});
export type TraceApprovalSpan = z.infer<typeof TraceApprovalSpan>;

export const TraceMarkSpan = z.strictObject({
  ...spanTimes,
  type: z.enum(["compaction", "cleared", "model-switch"]),
  runId: z.string(),
  /** One line: what happened. */
  summary: z.string(),
  /** The compaction's summary text. */
  detail: z.string().nullable(),
});
export type TraceMarkSpan = z.infer<typeof TraceMarkSpan>;

export interface TraceToolSpan {
  startMs: number;
  endMs: number;
  seq: number;
  type: "tool";
  runId: string;
  toolCallId: string;
  toolName: string;
  /** The arguments exactly as the model sent them (a JSON string). */
  arguments: string;
  /** What the model was answered; null while the call has no answer (held, or the run stopped). */
  result: ToolResultOutput | null;
  /** True when `arguments` or `result` were cut to `TRACE_TEXT_LIMIT` characters. */
  truncated: boolean;
  /** Null while the call has no return. */
  success: boolean | null;
  durationMs: number | null;
  errorType: string | null;
  /**
   * Answered without running: by the idempotency stage from an earlier identical call of the run,
   * or, in a replay conversation, from the original conversation's record (ToolReturnEvent.replayed).
   */
  replayed: boolean;
  /** The memoize stage answered from an earlier identical call of the run. */
  memoized: boolean;
  /** The approval the call waited for. */
  approvalId: string | null;
  /** The agent run that answered, when the tool is another agent. */
  child: TraceRun | null;
}

export interface TraceRun {
  startMs: number;
  endMs: number;
  seq: number;
  type: "run";
  id: string;
  kind: RunKind;
  parentRunId: string | null;
  depth: number;
  agentId: string;
  agentName: string;
  status: RunStatus;
  stopReason: StopReason | null;
  error: RunError | null;
  /** The `provider:model` the run asked for, and the one that answered last. */
  requestedModel: string | null;
  model: string | null;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number;
  /** The user's message (a turn) or the task it was given (a child run). */
  prompt: string | null;
  /** The last answer text. */
  answer: string | null;
  /** Waits for approval: suspended → resumed (null while still suspended). */
  suspensions: Array<{ startMs: number; endMs: number | null }>;
  /** This run's own requests. */
  usage: TraceUsage;
  /** This run and every run below it. */
  treeUsage: TraceUsage;
  spans: TraceSpan[];
}

export type TraceSpan = TraceModelSpan | TraceToolSpan | TraceApprovalSpan | TraceMarkSpan | TraceRun;

/*
 * A run holds spans and a tool span holds the run it called, so the two schemas refer to each
 * other. Their types are written out above (a recursive type cannot be inferred); the annotations
 * make the compiler check that what each schema accepts is its type.
 */
export const TraceToolSpan: z.ZodType<TraceToolSpan, TraceToolSpan> = z.strictObject({
  ...spanTimes,
  type: z.literal("tool"),
  runId: z.string(),
  toolCallId: z.string(),
  toolName: z.string(),
  arguments: z.string(),
  result: ToolResultOutput.nullable(),
  truncated: z.boolean(),
  success: z.boolean().nullable(),
  durationMs: z.number().nonnegative().nullable(),
  errorType: z.string().nullable(),
  replayed: z.boolean(),
  memoized: z.boolean(),
  approvalId: z.string().nullable(),
  get child() {
    return TraceRun.nullable();
  },
});

export const TraceRun: z.ZodType<TraceRun, TraceRun> = z.strictObject({
  ...spanTimes,
  type: z.literal("run"),
  id: z.string(),
  kind: RunKind,
  parentRunId: z.string().nullable(),
  depth: Count,
  agentId: z.string(),
  agentName: z.string(),
  status: RunStatus,
  stopReason: StopReason.nullable(),
  error: RunError.nullable(),
  requestedModel: z.string().nullable(),
  model: z.string().nullable(),
  startedAt: IsoDateTime,
  finishedAt: IsoDateTime.nullable(),
  durationMs: z.number().nonnegative(),
  prompt: z.string().nullable(),
  answer: z.string().nullable(),
  suspensions: z.array(z.strictObject({ startMs: z.number(), endMs: z.number().nullable() })),
  usage: TraceUsage,
  treeUsage: TraceUsage,
  get spans() {
    return z.array(TraceSpan);
  },
});

export const TraceSpan: z.ZodType<TraceSpan, TraceSpan> = z.union([
  TraceModelSpan,
  TraceToolSpan,
  TraceApprovalSpan,
  TraceMarkSpan,
  TraceRun,
]);

export const RunTrace = z.strictObject({
  run: TraceRun,
  /** The conversation, with the context values its runs worked with (fixed when it was created). */
  conversation: z.strictObject({
    id: z.string(),
    title: z.string().nullable(),
    context: z.record(z.string(), z.unknown()),
  }),
  /** The trace's clock: `startMs` 0 is this instant. */
  startedAt: IsoDateTime,
  /** From the start to the last span's end. */
  durationMs: z.number().nonnegative(),
  /** The system prompt renderings the trace's requests were sent with, by content hash. */
  systemPrompts: z.record(z.string(), EventData.LlmSystemPromptEvent),
  /** The OpenTelemetry trace id the run's turn is exported under (docs/telemetry.md); absent when the studio does not export. */
  otelTraceId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
});
export type RunTrace = z.infer<typeof RunTrace>;
