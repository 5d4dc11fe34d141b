/**
 * The transcript of a conversation as a pure fold of its stored events (in any order; they are
 * folded by `seq`) plus the streamed, unstored answer text of runs still generating.
 *
 * Top level: user messages, turn and conclusion runs, and notices outside any run. A run holds its
 * answer text, one tool card per call (a call of another agent carries that child run, nested), its
 * usage and cost, the approvals it waits for, and one status line.
 */
import type {
  MessagePart,
  RunError,
  RunKind,
  RunStatus,
  StopReason,
  StoredEvent,
  ToolResultOutput,
} from "@/lib/events/event-types.shared";

/** Streamed text of one run, received after the stored event `afterSeq`. */
export interface PendingText {
  afterSeq: number;
  text: string;
}

/** Per run id: the streamed text not yet replaced by a stored assistant message. */
export type PendingTexts = Readonly<Record<string, PendingText>>;

export type Tone = "info" | "warn" | "error";

export interface StatusLine {
  tone: Tone;
  text: string;
}

export interface TranscriptApproval {
  approvalId: string;
  toolName: string;
  toolCallId: string;
  argumentsText: string;
  decision: string | null;
  reason: string | null;
  decidedBy: string | null;
}

export type CallStatus = "running" | "ok" | "error" | "held" | "unfinished";

export interface ToolCallView {
  toolCallId: string;
  toolName: string;
  runId: string | null;
  /** Pretty-printed arguments (the raw text when it is not JSON). */
  argumentsText: string | null;
  status: CallStatus;
  durationMs: number | null;
  errorType: string | null;
  errorMessage: string | null;
  result: ToolResultOutput | null;
  childRunId: string | null;
  /** The child run when the call was a call of another agent and its events are here. */
  child: TranscriptRun | null;
}

export type RunItem =
  | { kind: "text"; key: string; text: string; streaming: boolean }
  | { kind: "tool"; key: string; call: ToolCallView }
  | { kind: "task"; key: string; text: string }
  | { kind: "notice"; key: string; tone: Tone; text: string };

export interface UsageView {
  requests: number;
  toolCalls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  costNanoUsd: number;
  /** How many of the run's model requests had a price ("all" also when there were none). */
  priced: "all" | "some" | "none";
  /** The entries that answered, when one differs from the run's model (fallbacks). */
  answeredBy: string[];
  /** True once RunFinished reported the totals. */
  final: boolean;
}

export interface TranscriptRun {
  runId: string;
  kind: RunKind;
  parentRunId: string | null;
  agentId: string | null;
  model: string | null;
  startedSeq: number;
  status: RunStatus;
  stopReason: StopReason | null;
  error: RunError | null;
  items: RunItem[];
  usage: UsageView;
  approvals: TranscriptApproval[];
  /** The conclusion run that followed this run's usage limit. */
  concludedBy: string | null;
  statusLine: StatusLine | null;
}

export type TranscriptEntry =
  | { kind: "user"; key: string; seq: number; runId: string | null; text: string }
  | { kind: "run"; key: string; run: TranscriptRun }
  | { kind: "notice"; key: string; seq: number; tone: Tone; text: string };

export interface Transcript {
  entries: TranscriptEntry[];
  runs: Record<string, TranscriptRun>;
  lastSeq: number;
  /** Some run has started and not finished (or a caller is about to resume with its child's answer). */
  running: boolean;
  /** Calls held for a decision, over all suspended runs. */
  heldApprovals: TranscriptApproval[];
}

/** A value as JSON: on one line when that is short, indented otherwise. */
function showJson(value: unknown): string {
  const pretty = JSON.stringify(value, null, 2) ?? String(value);
  const oneLine = JSON.stringify(value, null, 1)?.replace(/\n\s*/g, " ") ?? pretty;
  return oneLine.length <= 72 ? oneLine : pretty;
}

/** JSON for display (a JSON string is parsed first); text that is not JSON as it is. */
export function prettyJson(raw: unknown): string {
  if (typeof raw !== "string") return showJson(raw);
  try {
    return showJson(JSON.parse(raw));
  } catch {
    return raw;
  }
}

function prettyValue(value: unknown): string {
  if (typeof value === "string") return value;
  return showJson(value);
}

/** A tool output as display text. */
export function outputText(output: ToolResultOutput): string {
  switch (output.type) {
    case "execution-denied":
      return output.reason ? `denied: ${output.reason}` : "denied";
    case "content":
      return output.value.map((p) => (p.type === "text" ? p.text : prettyValue(p))).join("\n");
    default:
      return prettyValue(output.value);
  }
}

const isErrorOutput = (o: ToolResultOutput) =>
  o.type === "error-text" || o.type === "error-json" || o.type === "execution-denied";

/** "approve" / "deny" (or already past tense) as shown. */
export function decisionLabel(decision: string): string {
  return decision === "approve" ? "approved" : decision === "deny" ? "denied" : decision;
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

interface Fold {
  entries: TranscriptEntry[];
  runs: Map<string, TranscriptRun>;
  calls: Map<string, ToolCallView>;
  /** Per run: how many priced and unpriced usage records it had. */
  pricing: Map<string, { priced: number; unpriced: number }>;
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

function apply(f: Fold, e: StoredEvent) {
  const run = e.runId ? (f.runs.get(e.runId) ?? null) : null;
  if (run && run.status === "suspended" && RESUMING.has(e.type)) resume(run);
  switch (e.type) {
    case "RunStarted": {
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
        statusLine: null,
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
      return;
    }
    case "LlmMessageEvent": {
      const { role, parts } = e.data;
      if (role === "user") {
        const text = textOf(parts);
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
        const text = textOf(parts);
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
      return;
    }
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
      return;
    }
    case "LlmUsageEvent": {
      if (!run) return;
      const u = run.usage;
      const d = e.data;
      if (!u.final) {
        u.requests += 1;
        u.inputTokens += d.inputTokens ?? 0;
        u.outputTokens += d.outputTokens ?? 0;
        u.totalTokens += d.totalTokens ?? (d.inputTokens ?? 0) + (d.outputTokens ?? 0);
        u.costNanoUsd += d.costNanoUsd ?? 0;
      }
      const p = f.pricing.get(run.runId) ?? { priced: 0, unpriced: 0 };
      if (d.priced) p.priced += 1;
      else p.unpriced += 1;
      f.pricing.set(run.runId, p);
      const answered = `${d.provider}:${d.model}`;
      if (answered !== run.model && !u.answeredBy.includes(answered)) u.answeredBy.push(answered);
      return;
    }
    case "RunFinished": {
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
      return;
    }
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
      notice(f, run, e.seq, "info", `model switched from ${e.data.from} to ${e.data.to}`);
      return;
    case "LlmContextCompactedEvent": {
      const d = e.data;
      notice(
        f,
        run,
        e.seq,
        "info",
        `context compacted: ${d.replacedMessageCount} messages replaced by a summary (${d.tokensBefore} → ${d.tokensAfter} tokens)`,
      );
      return;
    }
    case "LlmContextClearedEvent":
      notice(f, run, e.seq, "info", `context cleared: ${e.data.clearedMessageCount} messages removed`);
      return;
    default:
      // LlmSystemPromptEvent, ToolStateEvent and anything newer: the run's trace shows them.
      return;
  }
}

function activity(run: TranscriptRun): string | null {
  const running = run.items
    .filter((i): i is Extract<RunItem, { kind: "tool" }> => i.kind === "tool" && i.call.status === "running")
    .map((i) => `\`${i.call.toolName}\``);
  if (running.length) return `calling ${running.join(", ")}…`;
  const last = run.items[run.items.length - 1];
  if (last?.kind === "text" && last.streaming) return null;
  return "thinking…";
}

function statusLineOf(run: TranscriptRun): StatusLine | null {
  if (run.stopReason === "superseded" && run.status !== "failed")
    return { tone: "warn", text: "superseded by a newer message" };
  switch (run.status) {
    case "running": {
      const text = activity(run);
      return text ? { tone: "info", text } : null;
    }
    case "suspended":
      return { tone: "warn", text: "awaiting approval" };
    case "failed":
      return { tone: "error", text: run.error ? `run failed — ${run.error.type}: ${run.error.message}` : "run failed" };
    case "interrupted":
      return { tone: "warn", text: "interrupted" };
    case "completed":
      if (run.stopReason === "usage_limit")
        return { tone: "warn", text: run.concludedBy ? "usage limit reached — concluding" : "usage limit reached" };
      return null;
    default:
      return null;
  }
}

const FINISHED = new Set(["completed", "failed", "interrupted"]);

export function buildTranscript(events: readonly StoredEvent[], deltas: PendingTexts = {}): Transcript {
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

  // Streamed text shows until a stored assistant message of its run arrives after it.
  for (const [runId, pending] of Object.entries(deltas)) {
    const run = f.runs.get(runId);
    if (!run || run.status !== "running" || !pending.text) continue;
    const superseded = sorted.some(
      (e) =>
        e.runId === runId && e.seq > pending.afterSeq && e.type === "LlmMessageEvent" && e.data.role === "assistant",
    );
    if (!superseded)
      run.items.push({ kind: "text", key: `stream-${runId}-${pending.afterSeq}`, text: pending.text, streaming: true });
  }

  // A suspended run still waiting on a decision, or on a child that waits for one.
  const waitsOnMore = (run: TranscriptRun) =>
    run.approvals.some((a) => a.decision === null) ||
    run.items.some(
      (i) => i.kind === "tool" && i.call.childRunId !== null && f.runs.get(i.call.childRunId)?.status === "suspended",
    );
  let callerResuming = false;
  for (const run of f.runs.values()) {
    const p = f.pricing.get(run.runId);
    run.usage.priced = !p || p.unpriced === 0 ? "all" : p.priced === 0 ? "none" : "some";
    const held = run.status === "suspended" && waitsOnMore(run);
    for (const item of run.items) {
      if (item.kind !== "tool") continue;
      const call = item.call;
      const child = call.childRunId ? f.runs.get(call.childRunId) : undefined;
      if (call.status === "running" && run.status !== "running") {
        const childDone = child !== undefined && FINISHED.has(child.status);
        if (run.status === "suspended" && childDone && !held) {
          // The child that held this call open has finished and nothing else holds the caller:
          // the child's answer is flowing back and the caller resumes (lib/runs/approvals/resume-run.ts).
          callerResuming = true;
        } else {
          const approvalHeld = run.approvals.some(
            (a) => a.toolCallId === call.toolCallId && (a.decision === null || run.status === "suspended"),
          );
          // A call of another agent is held open while its run waits for an approval, and after,
          // until its caller (waiting on other decisions too) resumes.
          const childHeld = child?.status === "suspended" || (run.status === "suspended" && childDone);
          call.status = approvalHeld || childHeld ? "held" : "unfinished";
        }
      }
      call.child = child ?? null;
      // "ToolTimeoutError: ToolTimeoutError: …" says the type once.
      if (call.errorType && call.errorMessage?.startsWith(`${call.errorType}: `))
        call.errorMessage = call.errorMessage.slice(call.errorType.length + 2);
    }
  }
  for (const run of f.runs.values()) run.statusLine = statusLineOf(run);

  // A child whose parent is not in the list (or whose call is unknown) still shows, at top level.
  const shown = new Set<string>();
  const walk = (run: TranscriptRun) => {
    shown.add(run.runId);
    for (const i of run.items) if (i.kind === "tool" && i.call.child) walk(i.call.child);
  };
  for (const e of f.entries) if (e.kind === "run") walk(e.run);
  for (const run of f.runs.values()) {
    if (!shown.has(run.runId)) {
      f.entries.push({ kind: "run", key: `run-${run.runId}`, run });
      walk(run);
    }
  }

  const heldApprovals = [...f.runs.values()]
    .filter((r) => r.status === "suspended")
    .flatMap((r) => r.approvals.filter((a) => a.decision === null));
  return {
    entries: f.entries,
    runs: Object.fromEntries(f.runs),
    lastSeq,
    running: callerResuming || [...f.runs.values()].some((r) => r.status === "running"),
    heldApprovals,
  };
}

/**
 * Whether the conversation's detail saying a run is active still holds: the log is newer than a
 * detail fetched mid-run, so a run whose RunFinished we already hold is over whatever it says.
 */
export function activeRunStillRunning(
  activeRun: { id: string; status: string } | null | undefined,
  transcript: Pick<Transcript, "runs">,
): boolean {
  if (activeRun?.status !== "running") return false;
  const seen = transcript.runs[activeRun.id];
  return !seen || seen.status === "running";
}

/**
 * Folds one streamed delta into the pending texts (pure). `lastSeq` is the newest stored event seen:
 * a stored assistant message of the run after it replaces the text (see `settleDeltas`).
 */
export function addDelta(pending: PendingTexts, runId: string, delta: string, lastSeq: number): PendingTexts {
  const cur = pending[runId];
  return {
    ...pending,
    [runId]: cur ? { afterSeq: cur.afterSeq, text: cur.text + delta } : { afterSeq: lastSeq, text: delta },
  };
}

/** Drops the pending text a stored assistant message of its run replaced. */
export function settleDeltas(pending: PendingTexts, event: StoredEvent): PendingTexts {
  if (event.type !== "LlmMessageEvent" || event.data.role !== "assistant" || !event.runId) return pending;
  const cur = pending[event.runId];
  if (!cur || event.seq <= cur.afterSeq) return pending;
  const next = { ...pending };
  delete next[event.runId];
  return next;
}
