/**
 * A run as a timeline, like a distributed trace: the run and every run below it (agents called as
 * tools, a conclusion run) as nested spans, each holding its model requests, tool calls, approvals
 * and context compactions, laid out on one clock.
 *
 * Where the times come from. Durations are recorded: `LlmUsageEvent.durationMs` (the model
 * request), `ToolReturnEvent.durationMs` (the call). Start times are not: an event's `createdAt` is
 * the commit time of the batch that wrote it, so it is used only as a hint, never for order (that
 * is `seq`). A model request ends about when its usage event is committed, so it starts at
 * `max(cursor, createdAt − durationMs)`, where the cursor is where the run's previous step ended;
 * a step's tool calls start when its model request ends (calls without side effects run
 * concurrently; side-effecting ones of one step ran one after another, which the log does not
 * record, so they are drawn from the same start); a held call starts when it is approved; a child
 * run starts no earlier than the call that started it. Waits for approval are spans of their own
 * (requested → decided, by whom) and the run's suspension is marked.
 *
 * Money is integer nano-USD; an unpriced model keeps its tokens and is marked (`pricing`).
 */
import { NotFoundError } from "../../../errors";
import type { StoredEvent } from "../../../events/event-types";
import { storedRunError } from "../../../events/stored-event";
import {
  addUsage,
  pricingOf,
  requestUsage,
  zeroUsage,
  type UsageCounters,
} from "../../../events/usage-counters.shared";
import { applyTraceEvent } from "./handlers";
import type { RunLayout, TraceScope } from "./run-layout";
import type { RunRow, TraceInput } from "./trace-input";
import type { RunTrace, TraceModelSpan, TraceRun, TraceSpan, TraceUsage } from "./trace-wire.shared";

/** The trace from the rows (pure, for tests). */
export function buildRunTrace(input: TraceInput): RunTrace {
  const runsById = new Map(input.runs.map((r) => [r.id, r]));
  const root = runsById.get(input.rootId);
  if (!root) throw new NotFoundError(`No run with id '${input.rootId}'.`);
  const byRun = new Map<string, StoredEvent[]>();
  for (const e of input.events) {
    if (!e.runId) continue;
    const list = byRun.get(e.runId) ?? [];
    list.push(e);
    byRun.set(e.runId, list);
  }
  const childrenOf = new Map<string, RunRow[]>();
  for (const r of input.runs)
    if (r.parentRunId) childrenOf.set(r.parentRunId, [...(childrenOf.get(r.parentRunId) ?? []), r]);

  // The renderings a request may have used: the latest one of the same agent before it.
  const prompts = input.promptEvents
    .filter((e): e is Extract<StoredEvent, { type: "LlmSystemPromptEvent" }> => e.type === "LlmSystemPromptEvent")
    .map((e) => ({ seq: e.seq, agentId: e.runId ? runsById.get(e.runId)?.agentId : undefined, data: e.data }));
  const systemPrompts: RunTrace["systemPrompts"] = {};

  /** When a run began: its first event (a compaction's summarizer request at its head began earlier by its duration). */
  const beganAt = (row: RunRow): number => {
    const first = byRun.get(row.id)?.[0];
    if (!first) return row.startedAt.getTime();
    const lead = first.type === "LlmUsageEvent" ? Math.max(0, first.data.durationMs ?? 0) : 0;
    return Date.parse(first.createdAt) - lead;
  };
  const t0 = beganAt(root);

  const trace: TraceScope = {
    runsById,
    approvalRows: new Map(input.approvals.map((a) => [a.id, a])),
    at: (when) => (typeof when === "string" ? Date.parse(when) : when.getTime()) - t0,
    promptFor: (agentId, seq) => {
      let found: (typeof prompts)[number] | null = null;
      for (const p of prompts) if (p.seq < seq && p.agentId === agentId) found = p;
      if (!found) return null;
      systemPrompts[found.data.contentHash] = found.data;
      return found.data.contentHash;
    },
    laidOut: new Set(),
    layoutRun,
  };

  function layoutRun(row: RunRow, minStart: number): TraceRun {
    trace.laidOut.add(row.id);
    const events = byRun.get(row.id) ?? [];
    const start = Math.max(minStart, beganAt(row) - t0);
    const run: RunLayout = {
      row,
      events,
      start,
      cursor: start,
      spans: [],
      tools: new Map(),
      phaseStart: new Map(),
      approvals: new Map(),
      pendingCalls: [],
      requestedModel: null,
      prompt: null,
      answer: null,
      assistant: { text: "", toolCalls: [] },
      suspensions: [],
      finishedAt: null,
    };
    events.forEach((e, i) => applyTraceEvent(e, run, trace, i));
    // Runs below this one that no call led to (a conclusion run, a child whose call was lost).
    for (const c of (childrenOf.get(row.id) ?? []).sort((a, b) => +a.startedAt - +b.startedAt)) {
      if (trace.laidOut.has(c.id)) continue;
      run.spans.push(layoutRun(c, c.kind === "conclusion" ? (run.finishedAt ?? run.cursor) : start));
    }
    return traceRun(run);
  }

  function traceRun(run: RunLayout): TraceRun {
    const { row, spans, start } = run;
    const end = Math.max(run.cursor, run.finishedAt ?? run.cursor);
    const own = usageOf(
      spans.filter((s): s is TraceModelSpan => s.type === "model"),
      run.tools.size,
    );
    const below = spans.flatMap((s) => (s.type === "run" ? [s] : s.type === "tool" && s.child ? [s.child] : []));
    return {
      type: "run",
      seq: run.events[0]?.seq ?? 0,
      id: row.id,
      kind: row.kind,
      parentRunId: row.parentRunId,
      depth: row.depth,
      agentId: row.agentId,
      agentName: input.agentNames.get(row.agentId) ?? "(deleted agent)",
      status: row.status,
      stopReason: row.stopReason,
      error: storedRunError(row.error),
      requestedModel: run.requestedModel,
      model: row.model,
      startedAt: new Date(t0 + start).toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      startMs: start,
      endMs: end,
      durationMs: end - start,
      prompt: run.prompt,
      answer: run.answer,
      suspensions: run.suspensions,
      usage: own,
      treeUsage: withPricing(below.reduce((sum, b) => addUsage(sum, b.treeUsage), own)),
      spans,
    };
  }

  const traced = layoutRun(root, 0);
  const last = maxEnd(traced);
  forEachSpan(traced, (s) => {
    if (s.type === "approval" && s.decidedAt === null) s.endMs = last; // still waiting
  });
  return {
    run: traced,
    conversation: input.conversation,
    startedAt: new Date(t0).toISOString(),
    durationMs: last,
    systemPrompts,
  };
}

function forEachSpan(run: TraceRun, fn: (s: TraceSpan) => void): void {
  for (const s of run.spans) {
    fn(s);
    if (s.type === "run") forEachSpan(s, fn);
    if (s.type === "tool" && s.child) forEachSpan(s.child, fn);
  }
}

/** The latest end of a span tree (pending approvals run to it). */
function maxEnd(run: TraceRun): number {
  let end = run.endMs;
  for (const s of run.spans) {
    end = Math.max(end, s.endMs);
    if (s.type === "run") end = Math.max(end, maxEnd(s));
    if (s.type === "tool" && s.child) end = Math.max(end, maxEnd(s.child));
  }
  return end;
}

/** A run's own usage: its model requests and its calls. */
function usageOf(models: TraceModelSpan[], toolCalls: number): TraceUsage {
  return withPricing(models.reduce((sum, m) => addUsage(sum, requestUsage(m)), { ...zeroUsage(), toolCalls }));
}

function withPricing(u: UsageCounters): TraceUsage {
  return { ...u, pricing: pricingOf(u.requests, u.unpricedRequests) };
}
