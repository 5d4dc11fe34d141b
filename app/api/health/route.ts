import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { getDatabaseTarget } from "@/lib/db/client";
import { checkHealth, healthFor } from "@/lib/db/health";
import { runsHealth } from "@/lib/runs/queue/queue-health";
import { readyRunRuntime } from "@/lib/runs/queue/ready-runtime";
import pkg from "@/package.json";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * `{status}` for anyone (load balancers); the database, migrations, version and run execution
   * (role, queue depth, live workers) for a signed-in caller.
   */
  GET: defineRoute({ access: "public" }, async ({ db, principal }) => {
    const report = await checkHealth(db, getDatabaseTarget(), pkg.version);
    const body = healthFor(report, principal);
    const runs =
      principal && report.database.reachable ? await runsHealth(await readyRunRuntime()).catch(() => null) : undefined;
    return Response.json(runs === undefined ? body : { ...body, runs }, {
      status: report.database.reachable ? 200 : 503,
      headers: { "cache-control": "no-store" },
    });
  }),
});
