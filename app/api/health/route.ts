import type { AnswerOf } from "@/lib/api/contract.shared";
import { healthApi } from "@/lib/api/contracts/health.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { getDatabaseTarget } from "@/lib/db/client";
import { checkHealth, healthFor } from "@/lib/db/health";
import { runsHealth } from "@/lib/runs/infra/queue/queue-health";
import { readyRunRuntime } from "@/lib/server/server";
import pkg from "@/package.json";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * `{status}` for anyone (load balancers); the database, migrations, version and run execution
   * (role, queue depth, live workers) and OpenTelemetry export (its counts) for a signed-in caller. A `Response`: 503 while the database
   * is down, and never cached.
   */
  GET: defineRoute(healthApi.get, { access: "public" }, async ({ db, principal, server }) => {
    const report = await checkHealth(db, getDatabaseTarget(), pkg.version);
    if (principal && report.database.reachable) {
      report.runs = await runsHealth(await readyRunRuntime()).catch(() => null);
    }
    if (principal) report.telemetry = server.telemetry.health();
    const answer: AnswerOf<typeof healthApi.get> = healthFor(report, principal);
    return Response.json(answer, {
      status: report.database.reachable ? 200 : 503,
      headers: { "cache-control": "no-store" },
    });
  }),
});
