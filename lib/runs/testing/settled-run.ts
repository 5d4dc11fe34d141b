/** Test helpers: waiting for a run that goes on in the background (a resume) to finish. */
import type { Db } from "../../db/client";

/** The run's row once it is neither running nor suspended (polls every 25 ms, up to `timeoutMs`). */
export async function settledRun(db: Db, runId: string, timeoutMs = 10_000) {
  for (const end = Date.now() + timeoutMs; ;) {
    const run = await db.run.findUniqueOrThrow({ where: { id: runId } });
    if (run.status !== "running" && run.status !== "suspended") return run;
    if (Date.now() > end) throw new Error(`run ${runId} did not finish within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** How many times the audit log says `tool` ran in `runId` (the dispatch chain's `tool.call`). */
export async function toolCallsAudited(db: Db, tool: string, runId: string): Promise<number> {
  const rows = await db.auditLog.findMany({ where: { action: "tool.call", target: tool } });
  return rows.filter((r) => (r.details as { runId?: string } | null)?.runId === runId).length;
}
