/**
 * Stage 2: compaction, at the head of a run — after the lifetime budget (a spent agent is refused
 * before any summarizer is paid) and before the run reads its history. It folds the context at
 * most once per run, and only when the provider-reported input of the conversation's previous
 * request reached `triggerRatio × contextLength` of the agent's active model
 * (compaction/trigger.ts). The turn run and a conclusion run pass through it alike.
 *
 * The fold is recorded under the id of the run about to start: the gate draws that id and hands
 * the run loop deps whose first `newId()` returns it, so the compaction event and the summarizer's
 * LlmUsageEvent carry the run's id (they precede its RunStarted in the log). The summarizer's cost
 * is added to that run's `costNanoUsd` (its RunFinished and its row), so the money of a run adds
 * up to the sum of its usage events; its tokens and request are not added to the run's usage
 * counters, which are what the run-tier limits count (a summary does not spend the run's budget).
 */
import { foldEvents, type ContextFold } from "../context-fold";
import { compactContext, type CompactOutcome } from "../compaction/compact";
import { decideTrigger } from "../compaction/trigger";
import type { RunDeps, RunnableAgent, RunStore } from "../ports";

export interface RunHead {
  /** The context the run reads: compacted when the gate fired. */
  context: ContextFold;
  /** The deps to start the run with (see above); `deps` itself when nothing was folded. */
  deps: RunDeps;
  compaction: CompactOutcome | null;
}

export async function compactionGate(
  deps: RunDeps,
  head: {
    conversationId: string;
    /** The agent as the run will use it (its tools count in the estimate of the folded context). */
    agent: Pick<RunnableAgent, "id" | "config" | "tools">;
    /** The user's turn the run belongs to; null when the run about to start is the turn. */
    rootRunId: string | null;
    signal?: AbortSignal;
  },
): Promise<RunHead> {
  const fold = foldEvents(await deps.store.conversationEvents(head.conversationId));
  const config = head.agent.config;
  const strategy = config.compaction.strategy;
  const trigger = decideTrigger(config.compaction, config.model, fold.lastInputTokens);
  if (!trigger.due || strategy === "none") return { context: fold, deps, compaction: null };

  const runId = deps.newId();
  const outcome = await compactContext({
    store: deps.store,
    models: deps.models,
    clock: deps.clock,
    conversationId: head.conversationId,
    agent: head.agent,
    runId,
    rootRunId: head.rootRunId ?? runId,
    fold,
    strategy,
    tokensBefore: fold.lastInputTokens!,
    signal: head.signal,
  });
  if (!outcome) return { context: fold, deps, compaction: null };
  return {
    context: fold,
    deps: { ...deps, newId: firstIdThen(runId, deps.newId), store: chargeRun(deps.store, runId, outcome) },
    compaction: outcome,
  };
}

/** An id source that answers `first` once, then defers to `next`. */
function firstIdThen(first: string, next: () => string): () => string {
  let pending: string | null = first;
  return () => {
    if (pending === null) return next();
    const id = pending;
    pending = null;
    return id;
  };
}

/** The store, with the summarizer's cost added to the run's RunFinished and its row. */
function chargeRun(store: RunStore, runId: string, outcome: CompactOutcome): RunStore {
  const cost = outcome.usage?.data.costNanoUsd ?? 0;
  if (!cost) return store;
  const appendEvents: RunStore["appendEvents"] = (conversationId, entries) =>
    store.appendEvents(
      conversationId,
      entries.map((entry) =>
        entry.event.type === "RunFinished" && entry.event.runId === runId
          ? {
              ...entry,
              event: {
                ...entry.event,
                data: { ...entry.event.data, costNanoUsd: entry.event.data.costNanoUsd + cost },
              },
            }
          : entry,
      ),
    );
  const finishRun: RunStore["finishRun"] = (id, finish) =>
    store.finishRun(id, id === runId ? { ...finish, costNanoUsd: finish.costNanoUsd + cost } : finish);
  return new Proxy(store, {
    get(target, prop) {
      if (prop === "appendEvents") return appendEvents;
      if (prop === "finishRun") return finishRun;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
