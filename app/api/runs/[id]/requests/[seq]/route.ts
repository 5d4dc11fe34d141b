import { runsApi } from "@/lib/api/contracts/runs.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getModelRequest } from "@/lib/runs/read-models/traces/load-model-request";

export const dynamic = "force-dynamic";

/** One model request of a run, reconstructed from the log: what was sent and what came back. */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(runsApi.request, { access: ANY_ROLE }, async ({ params, db }) =>
    getModelRequest(db, params.id, params.seq),
  ),
});
