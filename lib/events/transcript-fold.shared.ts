/**
 * The transcript of a conversation as one pure fold of its stored events (in any order; they are
 * folded by `seq`, duplicates once). The studio's conversation page renders it (components/
 * conversations); the run engine's scenario tests fold what the engine really wrote
 * (lib/runs/scenarios/transcript-fold.test.ts), so the two cannot drift apart.
 *
 * This module reads each event; `transcript-settle.shared.ts` then applies the server's suspension
 * rules (which calls are held, which will never be answered, when a caller resumes) to the result.
 */
import type { MessagePart, StoredEvent } from "./event-types.shared";
import { isErrorOutput, outputText, prettyJson, prettyValue } from "./tool-output-text.shared";
import { settleTranscript, type PricedRequests } from "./transcript-settle.shared";
import { addUsage, requestUsage } from "./usage-counters.shared";
import {
  FINAL_ANSWER,
  isStructuredCallId,
  REPAIR_PREFIX,
  structuredMessageOf,
  structuredResultOf,
} from "./structured-message.shared";
import type {
  RunItem,
  ToolCallView,
  Tone,
  Transcript,
  TranscriptApproval,
  TranscriptEntry,
  TranscriptRun,
  UsageView,
} from "./transcript-types.shared";

interface Fold {
  entries: TranscriptEntry[];
  runs: Map<string, TranscriptRun>;
  calls: Map<string, ToolCallView>;
  /** Per run: how many priced and unpriced usage records it had. */
  pricing: Map<string, PricedRequests>;
}

function textOf(parts: readonly MessagePart[]): string {
  return parts
    .filter((p): p is Extract<MessagePart, { type: "text" }> => p.type === "text")
    .map((p) => p.text)
    .join("");
}

function emptyUsage(): UsageView {
  return {
    requests: 0,
    toolCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    totalTokens: 0,
    costNanoUsd: 0,
    priced: "all",
    answeredBy: [],
    final: false,
  };
}

function ensureCall(
  f: Fold,
  run: TranscriptRun | null,
  toolCallId: string,
  toolName: string,
  seq: number,
): ToolCallView {
  let call = f.calls.get(toolCallId);
  if (!call) {
    call = {
      toolCallId,
      toolName,
      runId: run?.runId ?? null,
      argumentsText: null,
      status: "running",
      durationMs: null,
      errorType: null,
      errorMessage: null,
      result: null,
      childRunId: null,
      child: null,
    };
    f.calls.set(toolCallId, call);
    if (run) run.items.push({ kind: "tool", key: `call-${toolCallId}`, call });
    else
      f.entries.push({ kind: "notice", key: `orphan-call-${seq}`, seq, tone: "info", text: `tool call ${toolName}` });
  }
  return call;
}

function attachChild(f: Fold, call: ToolCallView, childRunId: string) {
  if (call.childRunId === childRunId) return;
  for (const other of f.calls.values()) if (other !== call && other.childRunId === childRunId) other.childRunId = null;
  call.childRunId = childRunId;
}

function notice(f: Fold, run: TranscriptRun | null, seq: number, tone: Tone, text: string) {
  if (run) run.items.push({ kind: "notice", key: `notice-${seq}`, tone, text });
  else f.entries.push({ kind: "notice", key: `notice-${seq}`, seq, tone, text });
}

/** Events a suspended run records only once it goes on (a resumed run keeps its id and has no second RunStarted). */
const RESUMING: ReadonlySet<string> = new Set([
  "LlmMessageEvent",
  "ToolCallEvent",
  "ToolReturnEvent",
  "LlmUsageEvent",
  "ToolStateEvent",
  "LlmContextCompactedEvent",
  "LlmContextClearedEvent",
]);

function resume(run: TranscriptRun) {
  run.status = "running";
  run.stopReason = null;
  run.error = null;
  run.usage.final = false;
}

function runStarted(f: Fold, e: Extract<StoredEvent, { type: "RunStarted" }>, run: TranscriptRun | null) {
  if (!e.runId) return;
  if (run) {
    // The same run started again: it resumed.
    resume(run);
    return;
  }
  const view: TranscriptRun = {
    runId: e.runId,
    kind: e.data.kind,
    parentRunId: e.data.parentRunId ?? null,
    agentId: e.data.agentId ?? null,
    model: e.data.model ?? null,
    startedSeq: e.seq,
    status: "running",
    stopReason: null,
    error: null,
    items: [],
    usage: emptyUsage(),
    approvals: [],
    concludedBy: null,
  };
  f.runs.set(e.runId, view);
  const parent = view.parentRunId ? f.runs.get(view.parentRunId) : undefined;
  if (view.kind === "child" && parent) {
    // Until the parent's ToolReturnEvent names it, the child belongs to the parent's latest
    // running call that has no child yet.
    const candidates = parent.items
      .filter((i): i is Extract<RunItem, { kind: "tool" }> => i.kind === "tool")
      .map((i) => i.call)
      .filter((c) => c.status === "running" && !c.childRunId);
    const call = candidates[candidates.length - 1];
    if (call) {
      attachChild(f, call, view.runId);
      return;
    }
  }
  if (view.kind === "conclusion" && parent) parent.concludedBy = view.runId;
  f.entries.push({ kind: "run", key: `run-${view.runId}`, run: view });
}

function message(f: Fold, e: Extract<StoredEvent, { type: "LlmMessageEvent" }>, run: TranscriptRun | null) {
  const { role, parts } = e.data;
  if (role === "user") {
    const text = textOf(parts);
    if (run && structuredUserMessage(run, text, e.seq)) return;
    if (run && run.kind === "child") {
      run.items.push({ kind: "task", key: `task-${e.seq}`, text });
      return;
    }
    const entry: TranscriptEntry = { kind: "user", key: `user-${e.seq}`, seq: e.seq, runId: e.runId, text };
    const at = run ? f.entries.findIndex((x) => x.kind === "run" && x.run === run) : -1;
    if (at >= 0) f.entries.splice(at, 0, entry);
    else f.entries.push(entry);
    return;
  }
  if (role === "assistant") {
    const text = structuredAssistantText(textOf(parts));
    if (text && run) run.items.push({ kind: "text", key: `text-${e.seq}`, text, streaming: false });
    else if (text) f.entries.push({ kind: "notice", key: `text-${e.seq}`, seq: e.seq, tone: "info", text });
    for (const p of parts) {
      if (p.type !== "tool-call") continue;
      const call = ensureCall(f, run, p.toolCallId, p.toolName, e.seq);
      if (call.argumentsText === null) call.argumentsText = prettyValue(p.input ?? {});
    }
    return;
  }
  for (const p of parts) {
    if (p.type !== "tool-result") continue;
    const call = ensureCall(f, run, p.toolCallId, p.toolName, e.seq);
    call.result = p.output;
    if (isErrorOutput(p.output)) {
      call.errorMessage ??= outputText(p.output);
      if (call.status === "running") {
        call.status = "error";
        call.errorType ??= p.output.type === "execution-denied" ? "ExecutionDenied" : null;
      }
    } else if (call.status === "running") {
      call.status = "ok";
    }
  }
}

/**
 * A structured-mode step (structured-message.shared.ts): the answer of `final_answer`, or an
 * action's shared fields one per line (the call itself is the tool card); other text as it is.
 */
function structuredAssistantText(text: string): string {
  const m = text.trimStart().startsWith("{") ? structuredMessageOf(text) : null;
  if (!m) return text;
  if (m.action === FINAL_ANSWER && typeof m.args.text === "string") return m.args.text;
  return Object.entries(m.fields)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join("\n");
}

/**
 * A user message inside a run that is a structured action's result (it answers the run's open
 * `action_` call: shown on its card) or a repair message (a notice), not something a person typed.
 */
function structuredUserMessage(run: TranscriptRun, text: string, seq: number): boolean {
  const open = run.items.find(
    (i): i is Extract<RunItem, { kind: "tool" }> =>
      i.kind === "tool" && isStructuredCallId(i.call.toolCallId) && i.call.result === null,
  );
  if (open) {
    const r = structuredResultOf(open.call.toolName, text);
    open.call.result = { type: r.ok ? "text" : "error-text", value: r.text };
    if (!r.ok) open.call.errorMessage ??= r.text;
    return true;
  }
  if (!text.startsWith(REPAIR_PREFIX)) return false;
  run.items.push({ kind: "notice", key: `repair-${seq}`, tone: "warn", text });
  return true;
}

function usage(f: Fold, e: Extract<StoredEvent, { type: "LlmUsageEvent" }>, run: TranscriptRun | null) {
  if (!run) return;
  const d = e.data;
  // RunFinished reports the totals; requests recorded after it (a resumed run) wait for the next.
  if (!run.usage.final) run.usage = addUsage(run.usage, requestUsage(d));
  const p = f.pricing.get(run.runId) ?? { requests: 0, unpriced: 0 };
  p.requests += 1;
  if (!d.priced) p.unpriced += 1;
  f.pricing.set(run.runId, p);
  const answered = `${d.provider}:${d.model}`;
  if (answered !== run.model && !run.usage.answeredBy.includes(answered)) run.usage.answeredBy.push(answered);
}

function finished(e: Extract<StoredEvent, { type: "RunFinished" }>, run: TranscriptRun | null) {
  if (!run) return;
  run.status = e.data.status;
  run.stopReason = e.data.stopReason;
  run.error = e.data.error ?? null;
  const u = e.data.usage;
  if (u) {
    run.usage.requests = u.requests;
    run.usage.toolCalls = u.toolCalls;
    run.usage.inputTokens = u.inputTokens;
    run.usage.outputTokens = u.outputTokens;
    run.usage.totalTokens = u.totalTokens;
  }
  if (typeof e.data.costNanoUsd === "number") run.usage.costNanoUsd = e.data.costNanoUsd;
  run.usage.final = true;
}

function apply(f: Fold, e: StoredEvent) {
  const run = e.runId ? (f.runs.get(e.runId) ?? null) : null;
  if (run && run.status === "suspended" && RESUMING.has(e.type)) resume(run);
  switch (e.type) {
    case "RunStarted":
      return runStarted(f, e, run);
    case "LlmMessageEvent":
      return message(f, e, run);
    case "ToolCallEvent": {
      const call = ensureCall(f, run, e.data.toolCallId, e.data.toolName, e.seq);
      call.argumentsText = prettyJson(e.data.arguments);
      return;
    }
    case "ToolReturnEvent": {
      const call = ensureCall(f, run, e.data.toolCallId, e.data.toolName, e.seq);
      call.status = e.data.success ? "ok" : "error";
      call.durationMs = e.data.durationMs ?? null;
      call.errorType = e.data.success ? null : (e.data.errorType ?? "Error");
      if (e.data.childRunId) attachChild(f, call, e.data.childRunId);
      if (e.data.replayed) call.replayed = true;
      return;
    }
    case "LlmUsageEvent":
      return usage(f, e, run);
    case "RunFinished":
      return finished(e, run);
    case "ApprovalRequested": {
      const a: TranscriptApproval = {
        approvalId: e.data.approvalId,
        toolName: e.data.toolName,
        toolCallId: e.data.toolCallId,
        argumentsText: prettyJson(e.data.arguments),
        decision: null,
        reason: null,
        decidedBy: null,
      };
      if (run) {
        run.approvals.push(a);
        const call = ensureCall(f, run, a.toolCallId, a.toolName, e.seq);
        if (call.argumentsText === null) call.argumentsText = a.argumentsText;
      }
      return;
    }
    case "ApprovalDecided": {
      for (const r of f.runs.values()) {
        const a = r.approvals.find((x) => x.approvalId === e.data.approvalId);
        if (!a) continue;
        a.decision = e.data.decision;
        a.reason = e.data.reason ?? null;
        a.decidedBy = e.data.decidedBy ?? null;
        // Every held call decided: the run goes on (in the background, under the same id).
        if (r.status === "suspended" && r.approvals.every((x) => x.decision !== null)) resume(r);
      }
      return;
    }
    case "ModelSwitched":
      return notice(f, run, e.seq, "info", `model switched from ${e.data.from} to ${e.data.to}`);
    case "AgentVersionChanged": {
      const by = e.data.label ? ` (${e.data.label})` : "";
      return notice(f, run, e.seq, "info", `agent version changed from v${e.data.from} to v${e.data.to}${by}`);
    }
    case "LlmContextCompactedEvent": {
      const d = e.data;
      const text = `context compacted: ${d.replacedMessageCount} messages replaced by a summary (${d.tokensBefore} → ${d.tokensAfter} tokens)`;
      return notice(f, run, e.seq, "info", text);
    }
    case "LlmContextClearedEvent":
      return notice(f, run, e.seq, "info", `context cleared: ${e.data.clearedMessageCount} messages removed`);
    default:
      // LlmSystemPromptEvent, ToolStateEvent and anything newer: the run's trace shows them.
      return;
  }
}

/** The transcript of a conversation's stored events. */
export function foldTranscript(events: readonly StoredEvent[]): Transcript {
  const f: Fold = { entries: [], runs: new Map(), calls: new Map(), pricing: new Map() };
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  let lastSeq = 0;
  const seen = new Set<number>();
  for (const e of sorted) {
    if (seen.has(e.seq)) continue;
    seen.add(e.seq);
    apply(f, e);
    lastSeq = Math.max(lastSeq, e.seq);
  }
  const { running, heldApprovals } = settleTranscript(f.entries, f.runs, f.pricing);
  return { entries: f.entries, runs: Object.fromEntries(f.runs), lastSeq, running, heldApprovals };
}
