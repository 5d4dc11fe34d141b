/**
 * Cancelling an experiment (POST /api/experiments/{id}/cancel, operators; docs/evals.md): no new
 * entry starts (queued ones end `cancelled`), running ones are interrupted — in this process at
 * once, in any other within a moment (each running case polls `cancelRequestedAt`) — and end
 * `cancelled` without verdicts; entries already judged keep theirs. The experiment is `cancelled`
 * at once. Cancelling one that already ended changes nothing. Audited as `experiment.cancel`.
 */
import { recordAudit } from "../../auth/audit-log";
import type { ExperimentSummary } from "../../evals/experiment.shared";
import { getExperimentSummary, requireExperiment } from "../../evals/read-experiments";
import type { RunRuntime } from "../infra/runtime";
import { EXPERIMENT_CANCELLED } from "./run-experiment-case";

/** How long the answer waits for this process's interrupted cases to settle. */
const SETTLE_MS = 5_000;

export async function cancelExperiment(
  rt: RunRuntime,
  id: string,
  actor: { id: string | null; name: string },
): Promise<ExperimentSummary> {
  const { db } = rt;
  const experiment = await requireExperiment(db, id);
  const now = new Date();
  const { count } = await db.experiment.updateMany({
    where: { id, status: { in: ["queued", "running"] } },
    data: { status: "cancelled", cancelRequestedAt: now, finishedAt: now },
  });
  if (count === 0) return getExperimentSummary(db, experiment.id);
  await db.experimentCase.updateMany({
    where: { experimentId: id, status: "queued" },
    data: { status: "cancelled", finishedAt: now },
  });
  const running = await db.experimentCase.findMany({
    where: { experimentId: id, status: "running" },
    select: { conversationId: true },
  });
  for (const r of running)
    if (r.conversationId) rt.active.get(r.conversationId)?.controller.abort(EXPERIMENT_CANCELLED);
  await recordAudit(db, {
    actor,
    action: "experiment.cancel",
    target: `experiment:${id}`,
    details: { experimentId: id, running: running.length },
  });
  // The cases this process runs settle within a moment: the answer shows them cancelled.
  const local = running.filter((r) => r.conversationId && rt.active.get(r.conversationId));
  const until = Date.now() + SETTLE_MS;
  while (local.length && Date.now() < until) {
    const left = await db.experimentCase.count({ where: { experimentId: id, status: "running" } });
    if (left === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return getExperimentSummary(db, id);
}
