/**
 * What one run is asked to do (`RunSpec`) and how it ended (`RunResult`): the input and output of
 * `runLoop` (run-loop.ts), built by the turn, a conclusion, a child run and a resume.
 */
import type { LanguageModelV3Message } from "@ai-sdk/provider";
import type { RunLimits } from "../../agents/usage-limits.shared";
import type { FinishedRunStatus, RunError, RunKind, RunUsage, StopReason } from "../../events/event-types";
import type { RunActor, RunnableAgent } from "./ports";
import type { RunEnvironment } from "./run-environment";
import type { RunUsageLimitError } from "./run-errors";
import type { RunTool } from "./run-tool";

export interface RunSpec {
  conversationId: string;
  agent: RunnableAgent;
  kind: RunKind;
  parentRunId: string | null;
  /** A child run: the caller's tool call it answers. */
  parentToolCallId?: string | null;
  /** The user's turn this run belongs to; null = this run is the turn. */
  rootRunId: string | null;
  depth: number;
  /** The user-role message that starts the run (the user's text, a conclusion reason, a child's task). */
  prompt: string;
  /** The context before this run (already compacted). */
  history: LanguageModelV3Message[];
  limits: RunLimits;
  tools: RunTool[];
  signal: AbortSignal;
  actor: RunActor;
  /** The hash of this agent's last recorded system prompt in the conversation. */
  lastSystemPromptHash: string | null;
  /** Asked after a run-tier breach has been healed: true when a conclusion run will follow. */
  admitConclusion?: (breach: RunUsageLimitError) => Promise<boolean>;
  /**
   * A conclusion run carries the breach it concludes: when it fails or answers blank, it finishes
   * failed with that original breach, never with the secondary failure.
   */
  concludes?: RunUsageLimitError;
  /**
   * Resuming a suspended run: the same id, its usage so far, and no start events — `history`
   * already ends with the answers to its held calls. Its row is marked running by the caller.
   */
  resume?: {
    runId: string;
    usage: RunUsage;
    costNanoUsd: number;
    /** The version its row recorded; null for a run from before agent versions (its usage counts as 1). */
    agentVersion?: number | null;
  };
  /** The id to run under (the compaction gate recorded its fold under it); default: a new one. */
  runId?: string;
  /** Who the run works for, the conversation's context values and the connections (run-environment.ts). */
  env?: RunEnvironment;
  /** Spent for this run before it started (the summarizer of its compaction), counted in its cost. */
  prepaidCostNanoUsd?: number;
  /** Called once the run exists (its id is known), before its first event. */
  onStart?: (runId: string) => void;
}

export interface RunResult {
  runId: string;
  status: FinishedRunStatus;
  stopReason: StopReason;
  /** The final answer (completed runs). */
  text: string | null;
  usage: RunUsage;
  costNanoUsd: number;
  error: RunError | null;
  /** The run-tier breach, when one ended the run. */
  breach: RunUsageLimitError | null;
  model: string;
}
