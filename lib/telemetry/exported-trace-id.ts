/** The OpenTelemetry trace id a run's turn is exported under: derived from the turn's root run (span-ids.ts). */
import type { Db } from "../db/client";
import { traceIdOf } from "./span-ids";

export async function exportedTraceId(db: Db, runId: string): Promise<string | null> {
  const run = await db.run.findUnique({ where: { id: runId }, select: { id: true, rootRunId: true } });
  return run ? traceIdOf(run.rootRunId ?? run.id) : null;
}
