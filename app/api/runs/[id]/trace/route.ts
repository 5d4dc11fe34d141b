import { runsApi } from "@/lib/api/contracts/runs.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getRunTrace } from "@/lib/runs/read-models/traces/load-run-trace";

export const dynamic = "force-dynamic";

/** The run as a timeline: model requests, tool calls, approvals, compactions, child runs nested. */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(runsApi.trace, { access: ANY_ROLE }, async ({ params, db }) => getRunTrace(db, params.id)),
});
