import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { getDatabaseTarget } from "@/lib/db/client";
import { checkHealth } from "@/lib/db/health";
import { runsHealth } from "@/lib/runs/queue/queue-health";
import { readyRunRuntime } from "@/lib/runs/runtime";
import pkg from "@/package.json";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: "public" }, async ({ db }) => {
    const health = await checkHealth(db, getDatabaseTarget(), pkg.version);
    const runs = health.database.reachable ? await runsHealth(await readyRunRuntime()).catch(() => null) : null;
    const report = { ...health, runs };
    return Response.json(report, {
      status: report.database.reachable ? 200 : 503,
      headers: { "cache-control": "no-store" },
    });
  }),
});
