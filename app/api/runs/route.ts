import { runsApi } from "@/lib/api/contracts/runs.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listRuns } from "@/lib/runs/read-models/runs/run-views";

export const dynamic = "force-dynamic";

/** Runs, newest first (`?limit=`, 100 by default). */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(runsApi.list, { access: ANY_ROLE }, async ({ query, db }) => ({
    runs: await listRuns(db, query.limit),
  })),
});
