/**
 * The spans of one execution segment of a run, built from the run's events (pure; docs/telemetry.md).
 *
 * A run's log is cut into segments by its `RunFinished` events: segment 0 runs until the run first
 * stops (finished, or suspended for an approval), segment 1 from its resume to its next stop, and so
 * on. Each segment is one `invoke_agent {agent}` span; its model requests are `chat {model}` spans
 * and the calls its model asked for are `execute_tool {name}` spans below it. A tool span is sent
 * with the segment in which the call returned (a call approved after a suspension runs in the next
 * segment, and a call held open by a child run returns when the child is done), under the segment
 * that asked for it. A child run's segments sit under its caller's tool span; a conclusion run's
 * under the segment of the turn it concludes. A resumed segment links to the one before it.
 *
 * Times: an event's `createdAt` is the commit time of its batch. A request ends about when its usage
 * is committed and lasted `durationMs`; a call ends at its return and lasted its `durationMs`; a
 * segment ends at its `RunFinished` and starts at its first event (a resumed one: at the last
 * decision that let it resume). Approvals, compactions and cleared contexts are span events.
 */
import type { StoredEvent, EventOf, MessagePart } from "../events/event-types";
import { ATELIER, ATTR_ERROR_TYPE, GEN_AI, OPERATION, providerName, SPAN_EVENTS, splitModelKey } from "./genai-semconv";
import { chatSpanId, segmentSpanId, toolSpanId, traceIdOf } from "./span-ids";

export type AttributeValue = string | number | boolean | string[];
export type Attributes = Record<string, AttributeValue>;

export interface SpanRecord {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: "internal" | "client";
  startMs: number;
  endMs: number;
  attributes: Attributes;
  events: Array<{ name: string; timeMs: number; attributes: Attributes }>;
  links: Array<{ traceId: string; spanId: string; attributes: Attributes }>;
  status: { code: "unset" | "error"; message?: string };
}

export interface SegmentRun {
  id: string;
  conversationId: string;
  agentId: string;
  agentName: string;
  agentVersion: number | null;
  kind: string;
  parentRunId: string | null;
  parentToolCallId: string | null;
  rootRunId: string | null;
}

export interface SegmentInput {
  run: SegmentRun;
  /** The run's events in `seq` order, up to and including the `RunFinished` that ends the segment. */
  events: StoredEvent[];
  /** A conclusion run (or a child whose call is unknown): the caller's segment it ran after. */
  parentSegment: number | null;
  /** The names under which the run's agent offers MCP tools (`gen_ai.tool.type` `extension`). */
  mcpToolNames: ReadonlySet<string>;
  captureContent: boolean;
}

const at = (e: StoredEvent) => Date.parse(e.createdAt);

export function buildSegmentSpans(input: SegmentInput): SpanRecord[] {
  const { run, events } = input;
  const finished = events.at(-1);
  if (!finished || finished.type !== "RunFinished") return [];
  // Where each segment starts in the log, and which segment asked for each call.
  const bounds: number[] = [0];
  events.forEach((e, i) => {
    if (e.type === "RunFinished" && i < events.length - 1) bounds.push(i + 1);
  });
  const segment = bounds.length - 1;
  const segmentOf = (index: number) => bounds.filter((b) => b <= index).length - 1;
  const callSegment = new Map<string, number>();
  const requested = new Map<string, number>();
  let requestIndex = 0;
  const first = bounds[segment];
  for (let i = 0; i < first; i++) {
    const e = events[i];
    if (e.type === "ToolCallEvent") callSegment.set(e.data.toolCallId, segmentOf(i));
    if (e.type === "LlmUsageEvent") requestIndex++;
    if (e.type === "ApprovalRequested") requested.set(e.data.approvalId, at(e));
  }
  const own = events.slice(first);
  const started = events.find((e): e is EventOf<"RunStarted"> => e.type === "RunStarted");
  const requestedKey = splitModelKey(started?.data.model ?? "");
  const traceId = traceIdOf(run.rootRunId ?? run.id);
  const spanId = segmentSpanId(run.id, segment);
  const common: Attributes = { [GEN_AI.conversationId]: run.conversationId, [ATELIER.runId]: run.id };

  const spans: SpanRecord[] = [];
  const segmentSpan: SpanRecord = {
    traceId,
    spanId,
    parentSpanId: parentOf(input),
    name: `${OPERATION.invokeAgent} ${run.agentName}`,
    kind: "internal",
    startMs: 0,
    endMs: at(finished),
    attributes: {
      [GEN_AI.operationName]: OPERATION.invokeAgent,
      [GEN_AI.agentName]: run.agentName,
      [GEN_AI.agentId]: run.agentId,
      ...(run.agentVersion !== null
        ? { [GEN_AI.agentVersion]: String(run.agentVersion), [ATELIER.agentVersion]: run.agentVersion }
        : {}),
      ...(requestedKey.provider ? { [GEN_AI.providerName]: providerName(requestedKey.provider) } : {}),
      ...(requestedKey.model ? { [GEN_AI.requestModel]: requestedKey.model } : {}),
      ...common,
      [ATELIER.runKind]: run.kind,
      [ATELIER.runSegment]: segment,
    },
    events: [],
    links:
      segment > 0
        ? [{ traceId, spanId: segmentSpanId(run.id, segment - 1), attributes: { "atelier.link": "resumes" } }]
        : [],
    status: { code: "unset" },
  };
  spans.push(segmentSpan);

  // When a resumed segment began: the last decision before its first other event.
  let startMs = at(own[0]);
  if (segment > 0) {
    for (const e of own) {
      if (e.type !== "ApprovalDecided") break;
      startMs = at(e);
    }
  } else if (own[0].type === "LlmUsageEvent") startMs -= Math.max(0, own[0].data.durationMs ?? 0);

  let inputTokens = 0;
  let outputTokens = 0;
  let cost = 0;
  let pendingInput: MessagePart[][] = [];
  let pendingRoles: string[] = [];
  let assistant: MessagePart[] | null = null;
  let lastAnswer: string | null = null;
  const results = new Map<string, unknown>();
  const args = new Map<string, string>();
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e.type === "ToolCallEvent") args.set(e.data.toolCallId, e.data.arguments);
    if (e.type === "LlmMessageEvent" && e.data.role === "tool")
      for (const p of e.data.parts) if (p.type === "tool-result") results.set(p.toolCallId, p.output);
  }

  own.forEach((e, j) => {
    const t = at(e);
    switch (e.type) {
      case "LlmMessageEvent":
        if (e.data.role === "assistant") {
          assistant = e.data.parts;
          const text = e.data.parts.filter((p) => p.type === "text").map((p) => (p as { text: string }).text);
          if (!e.data.parts.some((p) => p.type === "tool-call")) lastAnswer = text.join("");
        } else {
          pendingInput.push(e.data.parts);
          pendingRoles.push(e.data.role);
        }
        return;
      case "LlmUsageEvent": {
        const d = e.data;
        const duration = Math.max(0, d.durationMs ?? 0);
        const summarizer = own[j + 1]?.type === "LlmContextCompactedEvent";
        const answer: MessagePart[] = summarizer ? [] : (assistant ?? []);
        const calls = answer.some((p) => p.type === "tool-call");
        const req = splitModelKey(d.requestedModel);
        const attrs: Attributes = {
          [GEN_AI.operationName]: OPERATION.chat,
          [GEN_AI.providerName]: providerName(d.provider),
          [GEN_AI.requestModel]: req.model || d.model,
          [GEN_AI.responseModel]: d.model,
          [GEN_AI.inputTokens]: d.inputTokens,
          [GEN_AI.outputTokens]: d.outputTokens,
          [GEN_AI.finishReasons]: [calls ? "tool_call" : "stop"],
          ...(d.cacheReadTokens ? { [GEN_AI.cacheReadTokens]: d.cacheReadTokens } : {}),
          ...(d.cacheWriteTokens ? { [GEN_AI.cacheCreationTokens]: d.cacheWriteTokens } : {}),
          ...common,
          [ATELIER.costNanoUsd]: d.costNanoUsd,
          [ATELIER.fallback]: !!d.requestedModel && d.requestedModel !== `${d.provider}:${d.model}`,
          ...(summarizer ? { [ATELIER.requestPurpose]: "summarizer" } : {}),
        };
        if (input.captureContent) {
          attrs[GEN_AI.inputMessages] = JSON.stringify(
            pendingInput.map((parts, k) => ({ role: pendingRoles[k], parts: parts.map(contentPart) })),
          );
          attrs[GEN_AI.outputMessages] = JSON.stringify(
            summarizer
              ? []
              : [{ role: "assistant", parts: answer.map(contentPart), finish_reason: calls ? "tool_call" : "stop" }],
          );
        }
        spans.push({
          traceId,
          spanId: chatSpanId(run.id, requestIndex++),
          parentSpanId: spanId,
          name: `${OPERATION.chat} ${req.model || d.model}`,
          kind: "client",
          startMs: t - duration,
          endMs: t,
          attributes: attrs,
          events: [],
          links: [],
          status: { code: "unset" },
        });
        inputTokens += d.inputTokens;
        outputTokens += d.outputTokens;
        cost += d.costNanoUsd;
        pendingInput = [];
        pendingRoles = [];
        assistant = null;
        return;
      }
      case "ToolCallEvent":
        callSegment.set(e.data.toolCallId, segment);
        return;
      case "ToolReturnEvent": {
        const d = e.data;
        const attrs: Attributes = {
          [GEN_AI.operationName]: OPERATION.executeTool,
          [GEN_AI.toolName]: d.toolName,
          [GEN_AI.toolCallId]: d.toolCallId,
          [GEN_AI.toolType]: input.mcpToolNames.has(d.toolName) ? "extension" : "function",
          ...common,
          ...(d.childRunId ? { [ATELIER.childRunId]: d.childRunId } : {}),
          ...(d.replayed ? { [ATELIER.replayed]: true } : {}),
          ...(d.memoized ? { [ATELIER.memoized]: true } : {}),
          ...(!d.success && d.errorType ? { [ATTR_ERROR_TYPE]: d.errorType } : {}),
        };
        if (input.captureContent) {
          const a = args.get(d.toolCallId);
          if (a !== undefined) attrs[GEN_AI.toolCallArguments] = a;
          if (results.has(d.toolCallId)) attrs[GEN_AI.toolCallResult] = JSON.stringify(results.get(d.toolCallId));
        }
        const asked = callSegment.get(d.toolCallId) ?? segment;
        spans.push({
          traceId,
          spanId: toolSpanId(run.id, d.toolCallId),
          parentSpanId: segmentSpanId(run.id, asked),
          name: `${OPERATION.executeTool} ${d.toolName}`,
          kind: "internal",
          startMs: t - Math.max(0, d.durationMs),
          endMs: t,
          attributes: attrs,
          events: [],
          links: [],
          status: d.success ? { code: "unset" } : { code: "error", message: d.errorType ?? "the call failed" },
        });
        return;
      }
      case "ApprovalRequested":
        requested.set(e.data.approvalId, t);
        segmentSpan.events.push({
          name: SPAN_EVENTS.approvalRequested,
          timeMs: t,
          attributes: {
            [ATELIER.approvalId]: e.data.approvalId,
            [GEN_AI.toolName]: e.data.toolName,
            [GEN_AI.toolCallId]: e.data.toolCallId,
          },
        });
        return;
      case "ApprovalDecided": {
        const asked = requested.get(e.data.approvalId);
        segmentSpan.events.push({
          name: SPAN_EVENTS.approvalDecided,
          timeMs: Math.max(t, startMs),
          attributes: {
            [ATELIER.approvalId]: e.data.approvalId,
            [ATELIER.approvalDecision]: e.data.decision,
            ...(asked !== undefined ? { [ATELIER.approvalWaitMs]: Math.max(0, t - asked) } : {}),
          },
        });
        return;
      }
      case "LlmContextCompactedEvent":
        segmentSpan.events.push({
          name: SPAN_EVENTS.compacted,
          timeMs: t,
          attributes: {
            [ATELIER.compactionStrategy]: e.data.strategyId,
            [ATELIER.tokensBefore]: e.data.tokensBefore,
            [ATELIER.tokensAfter]: e.data.tokensAfter,
            [ATELIER.replacedMessages]: e.data.replacedMessageCount,
          },
        });
        return;
      case "LlmContextClearedEvent":
        segmentSpan.events.push({
          name: SPAN_EVENTS.cleared,
          timeMs: t,
          attributes: { [ATELIER.clearedMessages]: e.data.clearedMessageCount },
        });
        return;
      default:
        return;
    }
  });

  const f = finished.data;
  const ownSpans = spans.filter((s) => s.parentSpanId === spanId);
  segmentSpan.startMs = Math.min(startMs, ...ownSpans.map((s) => s.startMs));
  segmentSpan.endMs = Math.max(
    segmentSpan.endMs,
    segmentSpan.startMs,
    ...spans
      .slice(1)
      .filter((s) => s.kind === "client")
      .map((s) => s.endMs),
  );
  Object.assign(segmentSpan.attributes, {
    [GEN_AI.inputTokens]: inputTokens,
    [GEN_AI.outputTokens]: outputTokens,
    [ATELIER.costNanoUsd]: cost,
    [ATELIER.runStatus]: f.status,
    [ATELIER.stopReason]: f.stopReason,
    ...(f.error ? { [ATTR_ERROR_TYPE]: f.error.type } : {}),
  });
  if (input.captureContent) {
    const prompt = segment === 0 ? own.find((e) => e.type === "LlmMessageEvent" && e.data.role === "user") : undefined;
    if (prompt?.type === "LlmMessageEvent")
      segmentSpan.attributes[GEN_AI.inputMessages] = JSON.stringify([
        { role: "user", parts: prompt.data.parts.map(contentPart) },
      ]);
    if (lastAnswer !== null)
      segmentSpan.attributes[GEN_AI.outputMessages] = JSON.stringify([
        { role: "assistant", parts: [{ type: "text", content: lastAnswer }], finish_reason: "stop" },
      ]);
  }
  if (f.status === "failed" || f.status === "interrupted")
    segmentSpan.status = { code: "error", message: f.error?.message ?? f.stopReason };
  for (const s of spans) if (s.endMs < s.startMs) s.endMs = s.startMs;
  return spans;
}

/** Where a segment hangs: under the caller's tool span (a child), the concluded turn's segment, or nowhere (a turn). */
function parentOf(input: SegmentInput): string | null {
  const { run } = input;
  if (!run.parentRunId) return null;
  if (run.kind === "child" && run.parentToolCallId) return toolSpanId(run.parentRunId, run.parentToolCallId);
  return segmentSpanId(run.parentRunId, input.parentSegment ?? 0);
}

/** A message part as the conventions' message schema writes it (`gen_ai.input.messages`). */
function contentPart(p: MessagePart): Record<string, unknown> {
  if (p.type === "text") return { type: "text", content: p.text };
  if (p.type === "tool-call") return { type: "tool_call", id: p.toolCallId, name: p.toolName, arguments: p.input };
  return { type: "tool_call_response", id: p.toolCallId, response: p.output };
}
