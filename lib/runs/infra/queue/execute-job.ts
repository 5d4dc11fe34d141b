/**
 * The one job handler, in-process and on workers: executes a queued turn or the resume of a decided
 * run. In queue mode it first becomes the owner of the claim's lease (a repeated or stale delivery
 * finds it owned or gone and does nothing), renews the lease while the turn runs, and releases it
 * and tells every web process that the turn settled at the end.
 */
import type { ActiveTurn } from "../active-runs";
import { resumeRun } from "../../use-cases/resume-run";
import { executeTurn, type TurnResult } from "../../engine/execute-turn";
import type { RunRuntime } from "../runtime";
import { acquireLease, recordLeaseRun, releaseLease, renewLease } from "./run-lease";
import type { RunJob } from "./run-job";

export interface JobContext {
  rt: RunRuntime;
  /** Queue mode: this worker's id and lease length. Absent in one process (`all`). */
  lease?: { owner: string; leaseMs: number; onSettled: (token: string, conversationId: string) => Promise<void> };
}

/** Runs the job's turn; in queue mode only after winning its lease. */
export async function executeJob(ctx: JobContext, job: RunJob): Promise<void> {
  const { rt, lease } = ctx;
  if (lease) {
    if (!(await acquireLease(rt.db, job.token, lease.owner, lease.leaseMs))) return;
    const turn = rt.active.claim(job.conversationId);
    if (!turn) return; // this process already executes the conversation (a takeover of its own lease)
    turn.token = job.token;
    await runClaimedJob(ctx, job, turn);
    return;
  }
  const turn = rt.active.get(job.conversationId);
  if (!turn || turn.token !== job.token) return;
  await runClaimedJob(ctx, job, turn);
}

/** Executes a job whose claim this process holds (its lease, when in queue mode, already owned). */
export async function runClaimedJob(
  ctx: JobContext,
  job: RunJob,
  turn: ActiveTurn,
  run: (turn: ActiveTurn) => Promise<TurnResult | null> = (t) => runJob(ctx, job, t),
): Promise<void> {
  const { rt, lease } = ctx;
  const renewal = lease ? keepLease(ctx, job.token, turn) : null;
  let result: TurnResult | null = null;
  try {
    result = await run(turn);
  } finally {
    renewal?.stop();
    rt.active.release(turn);
    if (lease) {
      if (!renewal?.lost()) await releaseLease(rt.db, job.token);
      await lease.onSettled(job.token, job.conversationId).catch(() => {});
    }
    rt.settled.fire(job.token, result);
  }
}

/** The job's work itself (no lease handling). */
export function runJob(ctx: JobContext, job: RunJob, turn: ActiveTurn): Promise<TurnResult | null> {
  const { rt } = ctx;
  if (job.kind === "resume") return resumeRun(rt, job.runId, job.actor, { claimed: turn });
  return (async () => {
    // Accepted in this process: the admitted agent says which; from a queue: read it.
    const agentId =
      turn.admitted?.id ??
      (
        await rt.db.conversation.findUnique({
          where: { id: job.conversationId },
          select: { agentId: true },
        })
      )?.agentId;
    if (!agentId) return null;
    let recorded = false;
    return executeTurn(
      {
        conversationId: job.conversationId,
        agentId,
        content: job.content,
        actor: job.actor,
        admitted: turn.admitted,
        signal: turn.controller.signal,
        onRunStart: (runId) => {
          turn.runIds.push(runId);
          if (ctx.lease && !recorded) {
            recorded = true;
            void recordLeaseRun(rt.db, job.token, runId).catch(() => {});
          }
        },
      },
      rt.deps,
    );
  })();
}

/** Renews the lease every third of its length; a renewal that finds it gone aborts the turn. */
function keepLease(ctx: JobContext, token: string, turn: ActiveTurn) {
  const { rt, lease } = ctx;
  let lost = false;
  const timer = setInterval(
    () => {
      renewLease(rt.db, token, lease!.owner, lease!.leaseMs).then(
        (held) => {
          if (held || lost) return;
          lost = true;
          rt.logger.warn({ conversationId: turn.conversationId }, "lost the lease of the turn: stopping it");
          turn.controller.abort("this worker lost the run's lease");
        },
        (err) => rt.logger.error({ err, conversationId: turn.conversationId }, "lease renewal failed"),
      );
    },
    Math.max(100, Math.floor(lease!.leaseMs / 3)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer), lost: () => lost };
}
