/**
 * Resuming experiments whose scheduler stopped (docs/evals.md, "When a process stops"). An
 * experiment's next entries are started by whichever process saw its last entry settle
 * (experiment-scheduler.ts); when that process stops, nothing would start them again. This finds
 * every `queued` or `running` experiment not cancelled and:
 *
 * - an entry `running` that nothing runs any more — no claim (`RunLease`) on its conversation, or
 *   no conversation yet — is queued again (experiment-case-rows.ts `requeueCase`): the case runs
 *   again **from the start on a new conversation**; the stopped attempt's conversation stays, its
 *   runs finished `interrupted`. An attempt that had started a run counts toward the entry's
 *   attempts (after `MAX_CASE_ATTEMPTS` the entry fails with `RunInterrupted`);
 * - entries `done` (judged) and `cancelled` are never touched;
 * - then the scheduler runs a pass: queued entries start, bounded by the experiment's concurrency,
 *   and an experiment with no open entry is `completed`.
 *
 * Exactly once: a requeue is a conditional update of the entry (still `running` on that
 * conversation) and a start is one too (`queued → running`), so of two processes resuming at once
 * only one requeues and only one starts each entry.
 *
 * At a start in one process (`all`, recover-at-start.ts) the stopped process's claims were just
 * released, so `graceMs` is 0. In queue mode the workers' sweep calls `resumeStalledExperiments`,
 * which only acts on what has not moved for a minute (a web process between claiming an entry and
 * submitting its job is not stopped).
 */
import { interruptRun } from "../infra/store/recover-interrupted-runs";
import type { RunActor } from "../engine/ports";
import type { RunRuntime } from "../infra/runtime";
import { pumpExperiment } from "./experiment-scheduler";
import { requeueCase } from "./experiment-case-rows";

/** Queue mode: what has not moved for this long is taken as stopped. */
export const STALLED_AFTER_MS = 60_000;
/** Queue mode: how often a worker looks (its sweep runs more often). */
const LOOK_EVERY_MS = 15_000;

const STOPPED = "the process running this case stopped before it finished";

export interface ResumeOptions {
  /** Entries and experiments that moved more recently than this are left alone (0: none is). */
  graceMs: number;
}

/** Resumes what stopped; answers the ids of the experiments it ran a scheduler pass for. */
export async function resumeExperiments(rt: RunRuntime, options: ResumeOptions = { graceMs: 0 }): Promise<string[]> {
  const { db } = rt;
  const before = new Date(Date.now() - options.graceMs);
  const experiments = await db.experiment.findMany({
    where: { status: { in: ["queued", "running"] }, cancelRequestedAt: null },
    orderBy: { createdAt: "asc" },
  });
  const pumped: string[] = [];
  for (const experiment of experiments) {
    const entries = await db.experimentCase.findMany({
      where: { experimentId: experiment.id },
      select: {
        index: true,
        repetition: true,
        status: true,
        conversationId: true,
        startedAt: true,
        finishedAt: true,
      },
    });
    let requeued = 0;
    for (const entry of entries) {
      if (entry.status !== "running" || (entry.startedAt && entry.startedAt > before)) continue;
      if (entry.conversationId && (await isAlive(rt, entry.conversationId))) continue;
      const started = entry.conversationId ? await stopRuns(rt, entry.conversationId) : false;
      const key = {
        experimentId: experiment.id,
        index: entry.index,
        repetition: entry.repetition,
        conversationId: entry.conversationId,
      };
      if ((await requeueCase(rt, key, started, STOPPED)) !== "lost") requeued += 1;
    }
    const moved = [experiment.startedAt, experiment.createdAt, ...entries.flatMap((e) => [e.startedAt, e.finishedAt])];
    const idle = moved.every((at) => !at || at <= before);
    if (requeued > 0 || idle) {
      await pumpExperiment(rt, experiment.id, await experimentActor(rt, experiment));
      pumped.push(experiment.id);
    }
  }
  if (pumped.length)
    rt.logger.info(
      { experiments: pumped },
      `resumed ${pumped.length} experiment${pumped.length === 1 ? "" : "s"} whose scheduler had stopped`,
    );
  return pumped;
}

const lastLook = new WeakMap<RunRuntime, number>();

/** Queue mode (a worker's sweep): at most every 15 s, resumes what has not moved for a minute. */
export async function resumeStalledExperiments(rt: RunRuntime): Promise<void> {
  const now = Date.now();
  if (now - (lastLook.get(rt) ?? 0) < LOOK_EVERY_MS) return;
  lastLook.set(rt, now);
  try {
    await resumeExperiments(rt, { graceMs: STALLED_AFTER_MS });
  } catch (err) {
    rt.logger.error({ err }, "could not resume stalled experiments");
  }
}

/** A case's conversation is still claimed by a job (running, queued, or lapsed and about to be taken over). */
async function isAlive(rt: RunRuntime, conversationId: string): Promise<boolean> {
  if (rt.active.get(conversationId)) return true;
  return (await rt.db.runLease.count({ where: { conversationId } })) > 0;
}

/** Finishes the stopped attempt's running runs `interrupted`; true when it had started any run. */
async function stopRuns(rt: RunRuntime, conversationId: string): Promise<boolean> {
  const runs = await rt.db.run.findMany({ where: { conversationId } });
  for (const run of runs) if (run.status === "running") await interruptRun(rt.db, rt.deps.store, run);
  return runs.length > 0;
}

/**
 * Who the resumed entries run as: the experiment's starter with their roles now (an operator's
 * when the starter is no user, e.g. `npm run eval`), and the API token its runs were posted with.
 */
async function experimentActor(
  rt: RunRuntime,
  experiment: { id: string; createdById: string | null; createdByName: string | null },
): Promise<RunActor> {
  const user = experiment.createdById
    ? await rt.db.user.findUnique({ where: { id: experiment.createdById }, select: { roles: true } })
    : null;
  const run = await rt.db.run.findFirst({
    where: { conversation: { experimentId: experiment.id }, kind: "turn" },
    orderBy: { startedAt: "asc" },
    select: { apiTokenId: true },
  });
  return {
    id: experiment.createdById,
    name: experiment.createdByName,
    roles: user
      ? user.roles
          .split(",")
          .map((r) => r.trim())
          .filter(Boolean)
      : ["operator"],
    apiTokenId: run?.apiTokenId ?? null,
  };
}
