import { runsApi } from "@/lib/api/contracts/runs.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listRunsPage } from "@/lib/runs/read-models/runs/list-runs";

export const dynamic = "force-dynamic";

/**
 * Runs, newest first, a page at a time (`?limit=` 100 by default, `?page=`), filtered by
 * `agentId`, `status`, `from`/`to` and searched by `q`.
 */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(runsApi.list, { access: ANY_ROLE }, async ({ query, db }) => listRunsPage(db, query)),
});
