/**
 * Executing a job whose lease this process won (take-over-run.ts `deliverJob`, in one process and
 * on queue workers alike): a claimed turn or the resume of a decided run. It renews the lease while
 * the job runs, and at the end releases it, settles the local `done` with the result and tells the
 * other processes (queue mode's notification) that the claim settled.
 */
import type { ActiveTurn } from "../active-runs";
import { resumeRun } from "../../use-cases/resume-run";
import { runReplay } from "../../use-cases/run-replay";
import { runExperimentCase } from "../../use-cases/run-experiment-case";
import { executeTurn, type TurnResult } from "../../engine/execute-turn";
import { executeCommand } from "../../engine/execute-command";
import type { RunRuntime } from "../runtime";
import { releaseLease, renewLease, type LeaseHolder } from "./run-lease";
import type { RunJob } from "./run-job";
import { claimBudgetAlertsForRun } from "../../../budgets/claim-budget-alerts";
import { notifyJobSettled } from "../run-webhooks";

export interface JobContext {
  rt: RunRuntime;
  lease: LeaseHolder;
}

/** Executes a job whose lease this process owns. */
export async function runClaimedJob(
  ctx: JobContext,
  job: RunJob,
  turn: ActiveTurn,
  run: (turn: ActiveTurn) => Promise<TurnResult | null> = (t) => runJob(ctx, job, t),
): Promise<void> {
  const { rt, lease } = ctx;
  const renewal = keepLease(ctx, job.token, turn);
  const startedAt = new Date();
  let result: TurnResult | null = null;
  try {
    result = await run(turn);
  } finally {
    renewal.stop();
    rt.admitted.delete(job.token);
    if (!renewal.lost()) await releaseLease(rt.db, job.token).catch(() => {});
    // Local waiters get the result before the registry lets go (wait-settled.ts's poll skips a
    // claim this process still executes, so it cannot settle them first without it).
    rt.settled.fire(job.token, result);
    rt.active.release(turn);
    await lease.onSettled(job.token, job.conversationId).catch(() => {});
    claimAlerts(rt, job.kind === "resume" ? job.runId : turn.runIds[0]);
    notifyJobSettled(rt, job.conversationId, startedAt); // webhooks: approvals requested, runs ended
  }
}

/**
 * The job's usage is written (the run's last barrier): the thresholds its budgets crossed are
 * claimed — once across processes — and published (lib/budgets/claim-budget-alerts.ts). Not
 * awaited: the turn is over for its caller.
 */
function claimAlerts(rt: RunRuntime, runId: string | undefined) {
  if (!runId) return;
  const warn = (err: unknown) => rt.logger.warn({ err, runId }, "budget alerts: the claim failed");
  rt.budgetAlerts = claimBudgetAlertsForRun(rt.db, runId, warn).then(() => undefined, warn);
}

/** The job's work itself (no lease handling). */
export function runJob(ctx: JobContext, job: RunJob, turn: ActiveTurn): Promise<TurnResult | null> {
  const { rt } = ctx;
  if (job.kind === "resume") return resumeRun(rt, job.runId, job.actor, { claimed: turn });
  if (job.kind === "replay") return runReplay(rt, job, turn);
  if (job.kind === "experiment-case") return runExperimentCase(rt, job, turn);
  return (async () => {
    // Accepted in this process: the admitted agent says which; accepted elsewhere: read it.
    const admitted = rt.admitted.get(job.token);
    const agentId =
      admitted?.id ??
      (
        await rt.db.conversation.findUnique({
          where: { id: job.conversationId },
          select: { agentId: true },
        })
      )?.agentId;
    if (!agentId) return null;
    if (job.kind === "command")
      return executeCommand(
        {
          conversationId: job.conversationId,
          agentId,
          tool: job.tool,
          arguments: job.arguments,
          actor: job.actor,
          admitted,
          signal: turn.controller.signal,
          onRunStart: (runId) => turn.runIds.push(runId),
        },
        rt.deps,
      );
    return executeTurn(
      {
        conversationId: job.conversationId,
        agentId,
        content: job.content,
        actor: job.actor,
        admitted,
        signal: turn.controller.signal,
        onRunStart: (runId) => turn.runIds.push(runId),
      },
      rt.deps,
    );
  })();
}

/** Renews the lease every third of its length; a renewal that finds it gone aborts the turn. */
export function keepLease(ctx: JobContext, token: string, turn: ActiveTurn) {
  const { rt, lease } = ctx;
  let lost = false;
  const timer = setInterval(
    () => {
      renewLease(rt.db, token, lease.owner, lease.leaseMs).then(
        (held) => {
          if (held || lost) return;
          lost = true;
          rt.logger.warn({ conversationId: turn.conversationId }, "lost the lease of the turn: stopping it");
          turn.controller.abort("this process lost the run's lease");
        },
        (err) => rt.logger.error({ err, conversationId: turn.conversationId }, "lease renewal failed"),
      );
    },
    Math.max(100, Math.floor(lease.leaseMs / 3)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer), lost: () => lost };
}
