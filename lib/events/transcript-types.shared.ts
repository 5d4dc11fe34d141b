/**
 * The transcript of a conversation as the fold of its event log produces it
 * (`transcript-fold.shared.ts`): the shapes only, so the fold, its tests and the studio's
 * components share one definition.
 *
 * Top level: user messages, turn and conclusion runs, and notices outside any run. A run holds its
 * answer text, one tool card per call (a call of another agent carries that child run, nested), its
 * usage and cost, and the approvals it waits for.
 */
import type { RunError, RunKind, RunStatus, StopReason, ToolResultOutput } from "./event-types.shared";
import type { Pricing, UsageCounters } from "./usage-counters.shared";

export type Tone = "info" | "warn" | "error";

export interface TranscriptApproval {
  approvalId: string;
  toolName: string;
  toolCallId: string;
  argumentsText: string;
  decision: string | null;
  reason: string | null;
  decidedBy: string | null;
}

/**
 * A call's state: `held` waits for a decision (its own approval, or a child run that waits for one),
 * `unfinished` never got an answer and never will (its run ended without one).
 */
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
  /** Its result came from a record, not a new execution (`ToolReturnEvent.replayed`: a replay, an idempotent repeat). */
  replayed?: boolean;
}

/** One thing a run shows, in order. `streaming` text is the unstored answer still arriving. */
export type RunItem =
  | { kind: "text"; key: string; text: string; streaming: boolean }
  | { kind: "tool"; key: string; call: ToolCallView }
  | { kind: "task"; key: string; text: string }
  | { kind: "notice"; key: string; tone: Tone; text: string };

/** A run's usage as the transcript shows it: some of the counters, and which requests had a price. */
export interface UsageView extends Pick<
  UsageCounters,
  "requests" | "toolCalls" | "inputTokens" | "outputTokens" | "totalTokens" | "costNanoUsd"
> {
  /** How many of the run's model requests had a price ("all" also when there were none). */
  priced: Pricing;
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
