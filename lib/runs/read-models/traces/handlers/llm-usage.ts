import type { EventHandler } from "../run-layout";
import type { TraceModelSpan } from "../trace-wire.shared";
import { contextBlocksOf } from "../reconstruct-request";

/**
 * A model request: it ends about when its usage event is committed, so it starts at
 * `max(cursor, createdAt − durationMs)`; the step's calls, logged before it, start when it ends.
 */
export const llmUsage: EventHandler<"LlmUsageEvent"> = (e, run, trace) => {
  const d = e.data;
  const duration = Math.max(0, d.durationMs ?? 0);
  const begin = Math.max(run.cursor, trace.at(e.createdAt) - duration);
  const answered = `${d.provider}:${d.model}`;
  const span: TraceModelSpan = {
    type: "model",
    purpose: "request",
    seq: e.seq,
    runId: run.row.id,
    startMs: begin,
    endMs: begin + duration,
    durationMs: duration,
    provider: d.provider,
    model: d.model,
    requestedModel: d.requestedModel,
    fallback: !!d.requestedModel && d.requestedModel !== answered,
    inputTokens: d.inputTokens,
    outputTokens: d.outputTokens,
    cacheReadTokens: d.cacheReadTokens ?? 0,
    cacheWriteTokens: d.cacheWriteTokens ?? 0,
    totalTokens: d.totalTokens,
    costNanoUsd: d.costNanoUsd,
    priced: d.priced,
    systemPromptHash: trace.promptFor(run.row.agentId, e.seq),
    text: run.assistant.text,
    toolCalls: run.assistant.toolCalls,
    offeredTools: d.offeredTools ?? null,
    contextBlocks: d.contextBlocks ? contextBlocksOf(d) : null,
  };
  // The step's calls were logged before its usage: they start when the request ends.
  run.spans.splice(run.spans.length - run.pendingCalls.length, 0, span);
  for (const call of run.pendingCalls) {
    run.phaseStart.set(call, span.endMs);
    call.startMs = call.endMs = span.endMs;
  }
  run.pendingCalls = [];
  run.cursor = span.endMs;
};
