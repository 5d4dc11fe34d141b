import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { getDatabaseTarget } from "@/lib/db/client";
import { checkHealth, healthFor } from "@/lib/db/health";
import pkg from "@/package.json";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** `{status}` for anyone (load balancers); the database, migrations and version for a signed-in caller. */
  GET: defineRoute({ access: "public" }, async ({ db, principal }) => {
    const report = await checkHealth(db, getDatabaseTarget(), pkg.version);
    return Response.json(healthFor(report, principal), {
      status: report.database.reachable ? 200 : 503,
      headers: { "cache-control": "no-store" },
    });
  }),
});
