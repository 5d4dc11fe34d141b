/**
 * Executing an `experiment-case` job (infra/queue/execute-job.ts; docs/evals.md, "Experiments")
 * under the case conversation's one lease: the case's messages are sent as turns in order through
 * the same engine as any turn (executeTurn), with
 * - the case's mocks in front of every tool call at every depth (engine/tool-dispatch/experiment-mocks.ts);
 *   an unmocked side-effecting call is refused and fails the case;
 * - every approval answered by the case (answer-eval-approvals.ts): never in the inbox;
 * - no agent lifetime limit (experiment runs do not count toward them, and are not refused by
 *   them); budgets do apply: a spent budget fails the case before its next turn;
 * - cancellation: the experiment's `cancelRequestedAt` is polled, and a cancel interrupts the runs
 *   (the entry ends `cancelled`, without verdicts).
 * Then the verdicts are read from the conversation's events (lib/evals), the judge answers the
 * `judge` expectations (judge-case.ts) and the entry is written `done`; its settling lets the
 * scheduler (experiment-scheduler.ts) start the next queued entry.
 */
import { assertWithinBudgets } from "../../budgets/check-budgets";
import { readJsonColumn } from "../../db/json-column";
import type { Case, Mock } from "../../evals/dataset.shared";
import { evaluateExpectations } from "../../evals/verdicts/evaluate-expectations";
import { outcomeFromEvents } from "../../evals/verdicts/outcome-from-events.shared";
import type { StoredEvent } from "../../events/event-types";
import { executeTurn, type TurnResult } from "../engine/execute-turn";
import type { RunDeps, RunStore } from "../engine/ports";
import { errorRecord } from "../engine/run-errors";
import { ExperimentSession } from "../engine/tool-dispatch/experiment-mocks";
import type { ActiveTurn } from "../infra/active-runs";
import type { RunJob } from "../infra/queue/run-job";
import type { RunRuntime } from "../infra/runtime";
import { answerEvalApprovals } from "./answer-eval-approvals";
import { markCancelled, requeueCase, writeCase } from "./experiment-case-rows";
import { judgeVerdicts } from "./judge-case";

type CaseJob = Extract<RunJob, { kind: "experiment-case" }>;

/** How often a running case looks for its experiment's cancellation (any process may cancel it). */
const CANCEL_POLL_MS = 300;
export const EXPERIMENT_CANCELLED = "the experiment was cancelled";

/** The store a case's runs see: its agents' lifetime limits do not apply in an eval. */
function withoutLifetimeLimits(store: RunStore): RunStore {
  const zero = { runs: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  return Object.assign(Object.create(store) as RunStore, { agentLifetimeUsage: async () => zero });
}

export async function runExperimentCase(rt: RunRuntime, job: CaseJob, turn: ActiveTurn): Promise<TurnResult | null> {
  const { db } = rt;
  const id = { experimentId: job.experimentId, index: job.index, repetition: job.repetition };
  // Every write is fenced by this attempt's conversation (experiment-case-rows.ts).
  const key = { ...id, conversationId: job.conversationId };
  const [experiment, entry] = await Promise.all([
    db.experiment.findUnique({ where: { id: job.experimentId } }),
    db.experimentCase.findUnique({ where: { experimentId_index_repetition: id } }),
  ]);
  // Not running, or running another attempt (this one was given up): nothing to do.
  if (!experiment || !entry || entry.status !== "running" || entry.conversationId !== job.conversationId) return null;
  if (experiment.cancelRequestedAt) {
    await markCancelled(rt, key);
    return null;
  }
  const revision = await db.datasetRevision.findUnique({
    where: { datasetId_revision: { datasetId: experiment.datasetId, revision: experiment.datasetRevision } },
  });
  const evalCase = revision ? readJsonColumn<Case[]>(revision.cases)[job.index] : undefined;
  if (!revision || !evalCase) {
    await writeCase(rt, key, {
      error: { type: "CaseMissing", message: "the case is no longer in its dataset revision" },
    });
    return null;
  }

  const session = new ExperimentSession(evalCase.mocks, readJsonColumn<Mock[] | null>(revision.mocks) ?? []);
  const deps: RunDeps = { ...rt.deps, store: withoutLifetimeLimits(rt.deps.store), experiment: session };
  const caseRt: RunRuntime = { ...rt, deps };
  const signal = turn.controller.signal;
  let cancelled = false;
  const watch = setInterval(() => {
    db.experiment
      .findUnique({ where: { id: job.experimentId }, select: { cancelRequestedAt: true } })
      .then((e) => {
        if (e?.cancelRequestedAt && !signal.aborted) {
          cancelled = true;
          turn.controller.abort(EXPERIMENT_CANCELLED);
        }
      })
      .catch(() => {});
  }, CANCEL_POLL_MS);
  watch.unref();

  let last: TurnResult | null = null;
  let error: { type: string; message: string } | null = null;
  const onRunStart = (runId: string) => turn.runIds.push(runId);
  try {
    for (const content of evalCase.messages) {
      if (signal.aborted) break;
      await assertWithinBudgets(db, {
        agentId: experiment.agentId,
        userId: job.actor.id,
        apiTokenId: job.actor.apiTokenId ?? null,
      });
      const admitted = await deps.agents.load(experiment.agentId, { conversationId: job.conversationId });
      last = await executeTurn(
        {
          conversationId: job.conversationId,
          agentId: experiment.agentId,
          content,
          actor: job.actor,
          admitted,
          signal,
          onRunStart,
        },
        deps,
      );
      const answered = await answerEvalApprovals(caseRt, {
        conversationId: job.conversationId,
        expect: evalCase.expect,
        actor: job.actor,
        turn,
      });
      last = answered.last ?? last;
      error ??= session.failure ?? answered.failure;
      if (error) break;
      const final = last.final;
      if (final.status === "failed" || final.status === "interrupted") {
        error = final.error
          ? { type: final.error.type, message: final.error.message }
          : { type: "RunFailed", message: `the turn ${final.status}` };
        break;
      }
    }
  } catch (err) {
    const record = errorRecord(err);
    error = { type: record.type, message: record.message };
  }
  if (cancelled || (signal.aborted && String(signal.reason) === EXPERIMENT_CANCELLED)) {
    clearInterval(watch);
    await markCancelled(rt, key);
    return last;
  }
  if (signal.aborted) {
    // Stopped for this process's sake (it lost the claim, or is shutting down): the attempt is
    // not judged here — whoever takes the claim over, or the next start, runs the case again.
    clearInterval(watch);
    return last;
  }

  const events = await rt.deps.store.conversationEvents(job.conversationId);
  const outcome = outcomeFromEvents(events);
  let verdicts = evaluateExpectations(evalCase.expect, outcome);
  let judgeCostNanoUsd = 0;
  if (!signal.aborted && evalCase.expect.some((e) => e.kind === "judge")) {
    try {
      const judged = await judgeVerdicts(
        deps,
        {
          conversationId: job.conversationId,
          agent: await deps.agents.load(experiment.agentId, { conversationId: job.conversationId }),
          messages: evalCase.messages,
          answer: outcome.finalAnswer,
          actor: job.actor,
          signal,
          onRunStart,
        },
        evalCase.expect,
        verdicts,
      );
      verdicts = judged.verdicts;
      judgeCostNanoUsd = judged.costNanoUsd;
    } catch (err) {
      const message = errorRecord(err).message;
      verdicts = verdicts.map((v) =>
        v.pending ? { kind: v.kind, passed: false, reason: `the judge failed: ${message}` } : v,
      );
    }
  }
  clearInterval(watch);
  if (cancelled) {
    await markCancelled(rt, key);
    return last;
  }
  if (signal.aborted) return last; // as above: this process let go of the case while the judge ran
  const tokens = agentTokens(events);
  await writeCase(rt, key, {
    error,
    verdicts,
    answer: outcome.finalAnswer,
    toolCalls: outcome.toolCalls,
    requests: outcome.requests,
    inputTokens: tokens.input,
    outputTokens: tokens.output,
    costNanoUsd: outcome.costNanoUsd,
    judgeCostNanoUsd,
    latencyMs: Math.round(outcome.latencyMsPerTurn.reduce((s, ms) => s + ms, 0)),
  });
  return last;
}

/** Tokens of the agent's runs (every depth, conclusions included), the judge's left out. */
function agentTokens(events: readonly StoredEvent[]): { input: number; output: number } {
  const judges = new Set(
    events.flatMap((e) => (e.type === "RunStarted" && e.data.kind === "judge" && e.runId ? [e.runId] : [])),
  );
  let input = 0;
  let output = 0;
  for (const e of events) {
    if (e.type !== "LlmUsageEvent" || e.runId === null || judges.has(e.runId)) continue;
    input += e.data.inputTokens;
    output += e.data.outputTokens;
  }
  return { input, output };
}

/**
 * A case's claim taken over (infra/queue/take-over-run.ts): one nobody started runs from the
 * start; one a stopped worker was executing is not continued in its conversation — its running
 * runs finish `interrupted` and the entry is queued again (experiment-case-rows.ts `requeueCase`),
 * so the scheduler runs the case from the start on a new conversation when this claim settles
 * (after `MAX_CASE_ATTEMPTS` interrupted attempts it fails with `RunInterrupted`).
 */
export async function takeOverExperimentCase(
  rt: RunRuntime,
  job: CaseJob,
  turn: ActiveTurn,
  started: boolean,
  interruptRunning: () => Promise<void>,
): Promise<{ outcome: "started" | "interrupted"; result: TurnResult | null }> {
  if (!started) return { outcome: "started", result: await runExperimentCase(rt, job, turn) };
  await interruptRunning();
  await requeueCase(
    rt,
    {
      experimentId: job.experimentId,
      index: job.index,
      repetition: job.repetition,
      conversationId: job.conversationId,
    },
    true,
    "the worker running this case stopped before it finished",
  );
  return { outcome: "interrupted", result: null };
}
