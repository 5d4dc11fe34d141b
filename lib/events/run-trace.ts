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
import type { Db } from "../db/client";
import type { ApprovalDecision, ApprovalStatus } from "../runs/read-models/approvals/list-approvals.shared";
import { NotFoundError } from "../errors";
import type { RunKind, RunStatus, StopReason, StoredEvent, ToolResultOutput } from "./event-types";
import type {
  RunTrace,
  TraceApprovalSpan,
  TraceModelSpan,
  TraceRun,
  TraceSpan,
  TraceToolSpan,
  TraceUsage,
} from "./run-trace.shared";
import { storedRunError, toStoredEvent } from "./stored-event";
import { pricingOf } from "./usage-summary";

export type {
  RunTrace,
  TraceApprovalSpan,
  TraceMarkSpan,
  TraceModelSpan,
  TraceRun,
  TraceSpan,
  TraceToolSpan,
  TraceUsage,
} from "./run-trace.shared";

/** Arguments and results longer than this (as JSON text) are cut. */
export const TRACE_TEXT_LIMIT = 64_000;

/** A run row as stored (its vocabularies are the ones our code writes). */
type RunRow = {
  id: string;
  kind: RunKind;
  parentRunId: string | null;
  depth: number;
  agentId: string;
  status: RunStatus;
  stopReason: StopReason | null;
  error: string | null;
  model: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};

const RUN_COLUMNS = {
  id: true,
  kind: true,
  parentRunId: true,
  depth: true,
  agentId: true,
  status: true,
  stopReason: true,
  error: true,
  model: true,
  startedAt: true,
  finishedAt: true,
} as const;
const EVENT_COLUMNS = { seq: true, runId: true, type: true, payload: true, createdAt: true } as const;

/**
 * Looking back for the rendering a run used: the first page of renderings read, doubled for each
 * further page, and at most this many pages (2 + 4 + … + 256 renderings).
 */
const PROMPT_FIRST_PAGE = 2;
const PROMPT_PAGES = 8;

/**
 * The trace of one run, read by run: the run, the runs below it (a level at a time, by
 * `parentRunId`), their events, their approvals, and the system prompt renderings they used —
 * never the conversation's other runs or events.
 */
export async function getRunTrace(db: Db, id: string): Promise<RunTrace> {
  const root = await db.run.findUnique({ where: { id }, select: { ...RUN_COLUMNS, conversationId: true } });
  if (!root) throw new NotFoundError(`No run with id '${id}'.`);
  const { conversationId } = root;
  // The columns are strings; our code writes only the vocabularies' values.
  const runs: RunRow[] = [root as RunRow];
  const seen = new Set([id]);
  for (let level = [id]; level.length;) {
    const below = (await db.run.findMany({
      where: { parentRunId: { in: level } },
      select: RUN_COLUMNS,
    })) as RunRow[];
    level = [];
    for (const r of below) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      runs.push(r);
      level.push(r.id);
    }
  }
  const tree = runs.map((r) => r.id);
  const [conversation, eventRows, approvals, agents] = await Promise.all([
    db.conversation.findUnique({ where: { id: conversationId }, select: { id: true, title: true } }),
    db.event.findMany({
      where: { conversationId, runId: { in: tree } },
      orderBy: { seq: "asc" },
      select: EVENT_COLUMNS,
    }),
    db.approval.findMany({ where: { runId: { in: tree } } }),
    db.agent.findMany({
      where: { id: { in: [...new Set(runs.map((r) => r.agentId))] } },
      select: { id: true, name: true },
    }),
  ]);
  const events = eventRows.map(toStoredEvent);
  const earlier = await earlierPrompts(db, conversationId, runs, events);
  return buildRunTrace({
    rootId: id,
    conversation: conversation ?? { id: conversationId, title: null },
    runs: [...runs, ...earlier.runs],
    events,
    promptEvents: [...earlier.events, ...events.filter((e) => e.type === "LlmSystemPromptEvent")],
    // The approval's status and decision columns are strings too.
    approvals: approvals as TraceInput["approvals"],
    agentNames: new Map(agents.map((a) => [a.id, a.name])),
  });
}

/**
 * The system prompt renderings recorded before the trace's runs that its model requests used: a
 * rendering is recorded only when it changed, so an agent whose request comes before any
 * rendering of its own in the trace used the latest one of the same agent before it. Looks back
 * through the conversation's renderings only (a page at a time, a bounded number of pages), and
 * only for such agents. Answers those renderings and their runs (which the trace does not lay out).
 */
async function earlierPrompts(
  db: Db,
  conversationId: string,
  runs: RunRow[],
  events: StoredEvent[],
): Promise<{ events: StoredEvent[]; runs: RunRow[] }> {
  const agentOf = new Map(runs.map((r) => [r.id, r.agentId]));
  const rendered = new Set<string>();
  const needed = new Set<string>();
  for (const e of events) {
    const agent = e.runId ? agentOf.get(e.runId) : undefined;
    if (!agent) continue;
    if (e.type === "LlmSystemPromptEvent") rendered.add(agent);
    else if (e.type === "LlmUsageEvent" && !rendered.has(agent)) needed.add(agent);
  }
  const found: StoredEvent[] = [];
  const foundRuns: RunRow[] = [];
  const first = events[0]?.seq;
  if (first === undefined) return { events: found, runs: foundRuns };
  let before = first;
  for (let page = 0, take = PROMPT_FIRST_PAGE; needed.size && page < PROMPT_PAGES; page++, take *= 2) {
    const rows = await db.event.findMany({
      where: { conversationId, type: "LlmSystemPromptEvent", seq: { lt: before } },
      orderBy: { seq: "desc" },
      take,
      select: EVENT_COLUMNS,
    });
    if (!rows.length) break;
    before = rows[rows.length - 1].seq;
    const owners = (await db.run.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.runId))] } },
      select: RUN_COLUMNS,
    })) as RunRow[];
    const ownerOf = new Map(owners.map((r) => [r.id, r]));
    for (const row of rows) {
      const owner = ownerOf.get(row.runId);
      if (!owner || !needed.has(owner.agentId)) continue;
      needed.delete(owner.agentId);
      found.push(toStoredEvent(row));
      foundRuns.push(owner);
    }
    if (rows.length < take) break;
  }
  return { events: found.sort((a, b) => a.seq - b.seq), runs: foundRuns };
}

export interface TraceInput {
  rootId: string;
  conversation: { id: string; title: string | null };
  runs: RunRow[];
  /** The events of the root run and every run below it, in `seq` order. */
  events: StoredEvent[];
  /**
   * The system prompt renderings the requests may have used, in `seq` order: the trace's own, and
   * the latest one of each of its agents recorded before it (whose runs are in `runs`).
   */
  promptEvents: StoredEvent[];
  approvals: Array<{
    id: string;
    status: ApprovalStatus;
    decidedBy: string | null;
    decidedAt: Date | null;
    reason: string | null;
    decision: ApprovalDecision | null;
    createdAt: Date;
  }>;
  agentNames: Map<string, string>;
}

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
  const approvalRows = new Map(input.approvals.map((a) => [a.id, a]));
  const childrenOf = new Map<string, RunRow[]>();
  for (const r of input.runs)
    if (r.parentRunId) childrenOf.set(r.parentRunId, [...(childrenOf.get(r.parentRunId) ?? []), r]);

  // The renderings a request may have used: the latest one of the same agent before it.
  const prompts = input.promptEvents
    .filter((e): e is Extract<StoredEvent, { type: "LlmSystemPromptEvent" }> => e.type === "LlmSystemPromptEvent")
    .map((e) => ({ seq: e.seq, agentId: e.runId ? runsById.get(e.runId)?.agentId : undefined, data: e.data }));
  const systemPrompts: RunTrace["systemPrompts"] = {};
  const promptFor = (agentId: string, seq: number): string | null => {
    let found: (typeof prompts)[number] | null = null;
    for (const p of prompts) if (p.seq < seq && p.agentId === agentId) found = p;
    if (!found) return null;
    systemPrompts[found.data.contentHash] = found.data;
    return found.data.contentHash;
  };

  /** When a run began: its first event (a compaction's summarizer request at its head began earlier by its duration). */
  const beganAt = (row: RunRow): number => {
    const first = byRun.get(row.id)?.[0];
    if (!first) return row.startedAt.getTime();
    const lead = first.type === "LlmUsageEvent" ? Math.max(0, first.data.durationMs ?? 0) : 0;
    return Date.parse(first.createdAt) - lead;
  };
  const t0 = beganAt(root);
  const at = (iso: string | Date) => (typeof iso === "string" ? Date.parse(iso) : iso.getTime()) - t0;
  const laidOut = new Set<string>();

  function layoutRun(row: RunRow, minStart: number): TraceRun {
    laidOut.add(row.id);
    const events = byRun.get(row.id) ?? [];
    const start = Math.max(minStart, beganAt(row) - t0);
    let cursor = start;
    const spans: TraceSpan[] = [];
    const tools = new Map<string, TraceToolSpan>();
    const phaseStart = new Map<TraceToolSpan, number>();
    const approvals = new Map<string, TraceApprovalSpan>();
    let pendingCalls: TraceToolSpan[] = [];
    let requestedModel: string | null = null;
    let prompt: string | null = null;
    let answer: string | null = null;
    let assistant = { text: "", toolCalls: [] as string[] };
    const suspensions: TraceRun["suspensions"] = [];
    let finishedAt: number | null = null;

    events.forEach((e, i) => {
      switch (e.type) {
        case "RunStarted":
          requestedModel = e.data.model;
          break;
        case "LlmMessageEvent": {
          const text = e.data.parts
            .filter((p) => p.type === "text")
            .map((p) => (p as { text: string }).text)
            .join("");
          if (e.data.role === "user" && prompt === null) prompt = text;
          if (e.data.role === "assistant") {
            assistant = {
              text,
              toolCalls: e.data.parts
                .filter((p) => p.type === "tool-call")
                .map((p) => (p as { toolName: string }).toolName),
            };
            if (text.trim()) answer = text;
          }
          if (e.data.role === "tool")
            for (const p of e.data.parts) {
              if (p.type !== "tool-result") continue;
              const span = tools.get(p.toolCallId);
              if (span) setResult(span, p.output);
            }
          break;
        }
        case "ToolCallEvent": {
          const { text, cut } = capText(e.data.arguments);
          const span: TraceToolSpan = {
            type: "tool",
            seq: e.seq,
            runId: row.id,
            startMs: cursor,
            endMs: cursor,
            toolCallId: e.data.toolCallId,
            toolName: e.data.toolName,
            arguments: text,
            result: null,
            truncated: cut,
            success: null,
            durationMs: null,
            errorType: null,
            replayed: false,
            memoized: false,
            approvalId: null,
            child: null,
          };
          tools.set(span.toolCallId, span);
          pendingCalls.push(span);
          spans.push(span);
          break;
        }
        case "LlmUsageEvent": {
          const d = e.data;
          const duration = Math.max(0, d.durationMs ?? 0);
          const begin = Math.max(cursor, at(e.createdAt) - duration);
          const answered = `${d.provider}:${d.model}`;
          const span: TraceModelSpan = {
            type: "model",
            purpose: "request",
            seq: e.seq,
            runId: row.id,
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
            systemPromptHash: promptFor(row.agentId, e.seq),
            text: assistant.text,
            toolCalls: assistant.toolCalls,
          };
          // The step's calls were logged before its usage: they start when the request ends.
          spans.splice(spans.length - pendingCalls.length, 0, span);
          for (const call of pendingCalls) {
            phaseStart.set(call, span.endMs);
            call.startMs = call.endMs = span.endMs;
          }
          pendingCalls = [];
          cursor = span.endMs;
          break;
        }
        case "ToolReturnEvent": {
          const d = e.data;
          let span = tools.get(d.toolCallId);
          if (!span) {
            span = {
              type: "tool",
              seq: e.seq,
              runId: row.id,
              startMs: cursor,
              endMs: cursor,
              toolCallId: d.toolCallId,
              toolName: d.toolName,
              arguments: "",
              result: null,
              truncated: false,
              success: null,
              durationMs: null,
              errorType: null,
              replayed: false,
              memoized: false,
              approvalId: null,
              child: null,
            };
            tools.set(d.toolCallId, span);
            spans.push(span);
          }
          const duration = Math.max(0, d.durationMs ?? 0);
          let begin = phaseStart.get(span) ?? cursor;
          const approval = span.approvalId ? approvals.get(span.approvalId) : undefined;
          if (approval?.decidedAt) begin = Math.max(begin, approval.endMs);
          span.startMs = begin;
          span.endMs = begin + duration;
          span.durationMs = d.durationMs ?? 0;
          span.success = d.success;
          span.errorType = d.errorType ?? null;
          span.replayed = !!d.replayed;
          span.memoized = !!d.memoized;
          const childRow = d.childRunId ? runsById.get(d.childRunId) : undefined;
          if (childRow && !laidOut.has(childRow.id)) {
            span.child = layoutRun(childRow, begin);
            span.endMs = Math.max(span.endMs, span.child.endMs);
          }
          cursor = Math.max(cursor, span.endMs);
          break;
        }
        case "ApprovalRequested": {
          const d = e.data;
          const row2 = approvalRows.get(d.approvalId);
          const begin = Math.max(cursor, at(e.createdAt));
          const span: TraceApprovalSpan = {
            type: "approval",
            seq: e.seq,
            runId: row.id,
            startMs: begin,
            endMs: begin,
            approvalId: d.approvalId,
            toolName: d.toolName,
            toolCallId: d.toolCallId,
            arguments: d.arguments,
            status: row2?.status ?? "pending",
            decision: null,
            decidedBy: null,
            reason: null,
            requestedAt: (row2?.createdAt ?? new Date(e.createdAt)).toISOString(),
            decidedAt: null,
            waitMs: null,
          };
          approvals.set(d.approvalId, span);
          const call = tools.get(d.toolCallId);
          if (call) call.approvalId = d.approvalId;
          spans.push(span);
          cursor = begin;
          break;
        }
        case "ApprovalDecided": {
          const d = e.data;
          const span = approvals.get(d.approvalId);
          const when = Math.max(cursor, at(e.createdAt));
          if (span) {
            const stored = approvalRows.get(d.approvalId);
            const decidedAt = stored?.decidedAt ?? new Date(e.createdAt);
            span.endMs = Math.max(span.startMs, when);
            span.decision = d.decision;
            span.decidedBy = d.decidedBy;
            span.reason = d.reason;
            span.decidedAt = decidedAt.toISOString();
            span.waitMs = Math.max(0, decidedAt.getTime() - Date.parse(span.requestedAt));
          }
          const open = suspensions.at(-1);
          if (open) open.endMs = when;
          cursor = when;
          break;
        }
        case "LlmContextCompactedEvent":
        case "LlmContextClearedEvent":
        case "ModelSwitched": {
          const previous = events[i - 1];
          if (e.type === "LlmContextCompactedEvent" && previous?.type === "LlmUsageEvent") {
            // The request just before a compaction wrote its summary.
            const summarizer = spans.findLast((s): s is TraceModelSpan => s.type === "model" && s.seq === previous.seq);
            if (summarizer)
              Object.assign(summarizer, { purpose: "summarizer", text: "", toolCalls: [], systemPromptHash: null });
          }
          const when = Math.max(cursor, at(e.createdAt));
          spans.push({
            type:
              e.type === "LlmContextCompactedEvent"
                ? "compaction"
                : e.type === "ModelSwitched"
                  ? "model-switch"
                  : "cleared",
            seq: e.seq,
            runId: row.id,
            startMs: when,
            endMs: when,
            ...markText(e),
          });
          break;
        }
        case "RunFinished": {
          const when = Math.max(cursor, at(e.createdAt));
          if (e.data.status === "suspended") suspensions.push({ startMs: when, endMs: null });
          finishedAt = when;
          cursor = when;
          break;
        }
        default:
          break;
      }
    });
    // Runs below this one that no call led to (a conclusion run, a child whose call was lost).
    for (const c of (childrenOf.get(row.id) ?? []).sort((a, b) => +a.startedAt - +b.startedAt)) {
      if (laidOut.has(c.id)) continue;
      spans.push(layoutRun(c, c.kind === "conclusion" ? (finishedAt ?? cursor) : start));
    }
    const end = Math.max(cursor, finishedAt ?? cursor);
    const own = usageOf(
      spans.filter((s): s is TraceModelSpan => s.type === "model"),
      tools.size,
    );
    const below = spans.flatMap((s) => (s.type === "run" ? [s] : s.type === "tool" && s.child ? [s.child] : []));
    const error: TraceRun["error"] = storedRunError(row.error);
    return {
      type: "run",
      seq: events[0]?.seq ?? 0,
      id: row.id,
      kind: row.kind,
      parentRunId: row.parentRunId,
      depth: row.depth,
      agentId: row.agentId,
      agentName: input.agentNames.get(row.agentId) ?? "(deleted agent)",
      status: row.status,
      stopReason: row.stopReason,
      error,
      requestedModel,
      model: row.model,
      startedAt: new Date(t0 + start).toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      startMs: start,
      endMs: end,
      durationMs: end - start,
      prompt,
      answer,
      suspensions,
      usage: own,
      treeUsage: addUsage(own, ...below.map((b) => b.treeUsage)),
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

function setResult(span: TraceToolSpan, output: ToolResultOutput): void {
  const json = JSON.stringify(output);
  if (json.length <= TRACE_TEXT_LIMIT) {
    span.result = output;
    return;
  }
  const error = output.type === "error-text" || output.type === "error-json";
  span.result = { type: error ? "error-text" : "text", value: json.slice(0, TRACE_TEXT_LIMIT) };
  span.truncated = true;
}

function capText(s: string | unknown): { text: string; cut: boolean } {
  const text = typeof s === "string" ? s : JSON.stringify(s);
  return text.length > TRACE_TEXT_LIMIT ? { text: text.slice(0, TRACE_TEXT_LIMIT), cut: true } : { text, cut: false };
}

function markText(e: StoredEvent): { summary: string; detail: string | null } {
  switch (e.type) {
    case "LlmContextCompactedEvent":
      return {
        summary: `${e.data.strategyId}: ${e.data.replacedMessageCount} messages replaced, ${e.data.tokensBefore} → ${e.data.tokensAfter} tokens`,
        detail: e.data.summary,
      };
    case "LlmContextClearedEvent":
      return { summary: `${e.data.clearedMessageCount} messages cleared`, detail: null };
    case "ModelSwitched":
      return { summary: `${e.data.from} → ${e.data.to}`, detail: null };
    default:
      return { summary: e.type, detail: null };
  }
}

function usageOf(models: TraceModelSpan[], toolCalls: number): TraceUsage {
  const u: TraceUsage = {
    requests: models.length,
    toolCalls,
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    totalTokens: 0,
    costNanoUsd: 0,
    unpricedTokens: 0,
    unpricedRequests: 0,
    pricing: "all",
  };
  for (const m of models) {
    u.inputTokens += m.inputTokens;
    u.outputTokens += m.outputTokens;
    u.cacheReadTokens += m.cacheReadTokens;
    u.cacheWriteTokens += m.cacheWriteTokens;
    u.totalTokens += m.totalTokens;
    u.costNanoUsd += m.costNanoUsd;
    if (!m.priced) {
      u.unpricedTokens += m.totalTokens;
      u.unpricedRequests += 1;
    }
  }
  u.pricing = pricingOf(u.requests, u.unpricedRequests);
  return u;
}

function addUsage(...all: TraceUsage[]): TraceUsage {
  const out = { ...all[0] };
  for (const u of all.slice(1))
    for (const k of Object.keys(out) as Array<keyof TraceUsage>)
      if (k !== "pricing") (out[k] as number) += u[k] as number;
  out.pricing = pricingOf(out.requests, out.unpricedRequests);
  return out;
}
