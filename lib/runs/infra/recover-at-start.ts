/**
 * Called once when a server process starts in `all` (instrumentation.ts): runs a dead process left
 * `running` are finished `interrupted` with their dangling calls healed, and the claims (`RunLease`
 * rows) it left are released, so every conversation accepts its next message; experiments it was
 * running resume (use-cases/resume-experiments.ts). Runs and claims of this process are never touched.
 */
import { countLiveWorkers } from "./queue/queue-workers";
import type { RunRuntime } from "./runtime";
import { releaseStaleLeases } from "./queue/run-lease";
import { recoverInterruptedRuns } from "./store/recover-interrupted-runs";
import { failAbandonedReplays } from "./store/replay-status";
import { notifyRunsEnded } from "./run-webhooks";
import { resumeExperiments } from "../use-cases/resume-experiments";

export async function recoverAtStart(rt: RunRuntime): Promise<string[]> {
  const log = (line: string) => rt.logger.info(line);
  // Queue-mode workers on the same database own their running runs (and take over lapsed ones).
  const live = await countLiveWorkers(rt.db).catch(() => 0);
  if (live > 0) {
    log(`${live} queue worker(s) are alive on this database: leaving running runs to them`);
    return [];
  }
  const active = new Set<string>();
  const recovered = await recoverInterruptedRuns(rt.db, rt.deps.store, (runId) => {
    if (active.size === 0) for (const id of rt.active.runIds()) active.add(id);
    return active.has(runId);
  });
  // Webhooks: deliveries a stopped server left pending are attempted again; the runs it left end.
  rt.webhooks?.start();
  notifyRunsEnded(rt, recovered);
  const released = await releaseStaleLeases(rt.db, rt.startedAt);
  if (released) log(`released ${released} claim${released === 1 ? "" : "s"} a stopped server left`);
  // Experiments it was scheduling go on: their unfinished cases run again (docs/evals.md).
  await resumeExperiments(rt).catch((err) => rt.logger.error({ err }, "could not resume experiments"));
  const replays = await failAbandonedReplays(rt.db);
  if (replays) log(`marked ${replays} replay${replays === 1 ? "" : "s"} a stopped server left unfinished as failed`);
  if (recovered.length)
    log(
      `finished ${recovered.length} run${recovered.length === 1 ? "" : "s"} left running by a stopped server as interrupted`,
    );
  return recovered;
}
