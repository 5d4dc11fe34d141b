import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { getDatabaseTarget } from "@/lib/db/client";
import { checkHealth } from "@/lib/db/health";
import pkg from "@/package.json";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: "public" }, async ({ db }) => {
    const report = await checkHealth(db, getDatabaseTarget(), pkg.version);
    return Response.json(report, {
      status: report.database.reachable ? 200 : 503,
      headers: { "cache-control": "no-store" },
    });
  }),
});
