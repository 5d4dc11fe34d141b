/**
 * What GET /api/health reports: the database kind, whether it answers, and migration state. An
 * anonymous caller sees only `status` (ok / degraded): the details (database errors, migration
 * names, version) help an attacker and are for signed-in callers. The shapes are in
 * ./health.shared.ts.
 */
import type { Db } from "./client";
import type { DatabaseTarget } from "./database-url";
import type { HealthReport, PublicHealth } from "./health.shared";
import { migrationStatus } from "./migration-files";

/** The report for this caller: everything for a signed-in one, only the status otherwise. */
export function healthFor(report: HealthReport, caller: object | null): HealthReport | PublicHealth {
  return caller ? report : { status: report.status };
}

export async function checkHealth(db: Db, target: DatabaseTarget, version: string): Promise<HealthReport> {
  let reachable = true;
  let error: string | undefined;
  try {
    await db.$queryRawUnsafe("SELECT 1");
  } catch (e) {
    reachable = false;
    error = (e as Error).message.split("\n").filter(Boolean).slice(-1)[0]?.slice(0, 200) ?? "unreachable";
  }
  const status = await migrationStatus(target.kind, async () => {
    const rows = await db.$queryRawUnsafe<Array<{ migration_name: string }>>(
      'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
    );
    return rows.map((r) => r.migration_name);
  });
  const ok = reachable && status.pending.length === 0;
  return {
    status: ok ? "ok" : "degraded",
    version,
    database: {
      kind: target.kind,
      reachable,
      ...(error ? { error } : {}),
      migrations: {
        committed: status.committed.length,
        applied: status.applied.length,
        pending: status.pending,
        latest: status.applied.at(-1) ?? null,
      },
    },
    uptimeSeconds: Math.round(process.uptime()),
  };
}
