/**
 * Stage 2: compaction, at the head of a run — after the lifetime budget (a spent agent is refused
 * before any summarizer is paid) and before the run reads its history. It folds the context at
 * most once per run, and only when the provider-reported input of the conversation's previous
 * request reached `triggerRatio × contextLength` of the agent's active model
 * (compaction/trigger.ts). The turn run and a conclusion run pass through it alike.
 *
 * The fold is recorded under the id of the run about to start: the gate draws that id and the run
 * loop is started with it (`RunSpec.runId`), so the compaction event and the summarizer's
 * LlmUsageEvent carry the run's id (they precede its RunStarted in the log). The summarizer's cost
 * is handed to the run as `prepaidCostNanoUsd` and counted in its `costNanoUsd` (RunFinished and its
 * row), so the money of a run adds up to the sum of its usage events; its tokens and request are
 * not added to the run's usage counters, which are what the run-tier limits count (a summary does
 * not spend the run's budget).
 */
import { foldEvents, type ContextFold } from "../context-fold";
import { compactContext, type CompactOutcome } from "../compaction/compact";
import { decideTrigger } from "../compaction/trigger";
import type { RunDeps, RunnableAgent } from "../ports";

export interface RunHead {
  /** The context the run reads: compacted when the gate fired. */
  context: ContextFold;
  /** The id the run must take (the fold was recorded under it); undefined when nothing was folded. */
  runId?: string;
  /** What the summarizer cost, to count in the run's cost. */
  prepaidCostNanoUsd: number;
  compaction: CompactOutcome | null;
}

export async function compactionGate(
  deps: RunDeps,
  head: {
    conversationId: string;
    /** The agent as the run will use it (its tools count in the estimate of the folded context). */
    agent: Pick<RunnableAgent, "id" | "version" | "config" | "tools">;
    /** The user's turn the run belongs to; null when the run about to start is the turn. */
    rootRunId: string | null;
    /** Who posted the turn: the summarizer's usage is theirs (user and token budgets). */
    user?: { id: string; apiTokenId?: string } | null;
    signal?: AbortSignal;
  },
): Promise<RunHead> {
  const fold = foldEvents(await deps.store.conversationEvents(head.conversationId));
  const config = head.agent.config;
  const strategy = config.compaction.strategy;
  const trigger = decideTrigger(config.compaction, config.model, fold.lastInputTokens);
  if (!trigger.due || strategy === "none") return { context: fold, prepaidCostNanoUsd: 0, compaction: null };

  const runId = deps.newId();
  const outcome = await compactContext({
    store: deps.store,
    models: deps.models,
    clock: deps.clock,
    conversationId: head.conversationId,
    agent: head.agent,
    runId,
    rootRunId: head.rootRunId ?? runId,
    user: head.user,
    fold,
    strategy,
    tokensBefore: fold.lastInputTokens!,
    signal: head.signal,
  });
  if (!outcome) return { context: fold, prepaidCostNanoUsd: 0, compaction: null };
  return { context: fold, runId, prepaidCostNanoUsd: outcome.usage?.data.costNanoUsd ?? 0, compaction: outcome };
}
