import { experimentsApi } from "@/lib/api/contracts/experiments.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getExperiment } from "@/lib/evals/read-experiments";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(experimentsApi.get, { access: ANY_ROLE }, async ({ db, params }) => getExperiment(db, params.id)),
});
