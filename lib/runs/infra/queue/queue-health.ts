/**
 * What `/api/health` reports about run execution: this process's role, the jobs waiting in the
 * queue, the worker processes alive (queue mode), and the turns this process is executing.
 */
import type { RunsHealth } from "../../../db/health.shared";
import type { RunRuntime } from "../runtime";
import { countLiveWorkers } from "./queue-workers";
import { atelierRole } from "./role";

/** The shape is declared with the health report it is part of (lib/db/health.shared.ts). */
export type { RunsHealth };

export async function runsHealth(rt: RunRuntime): Promise<RunsHealth> {
  const role = atelierRole();
  const queueDepth = await rt.queue.depth().catch(() => null);
  const liveWorkers = rt.queueMode ? await countLiveWorkers(rt.db).catch(() => null) : null;
  return { role, queueDepth, liveWorkers, activeTurns: rt.active.size() };
}
