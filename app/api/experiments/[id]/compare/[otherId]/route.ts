import { experimentsApi } from "@/lib/api/contracts/experiments.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { compareExperiments } from "@/lib/evals/compare-experiments";
import { getExperiment } from "@/lib/evals/read-experiments";

export const dynamic = "force-dynamic";

/** Two experiments case by case: `id` is the base, `otherId` the other; 400 over different datasets. */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(experimentsApi.compare, { access: ANY_ROLE }, async ({ params, db }) => {
    const [base, other] = await Promise.all([getExperiment(db, params.id), getExperiment(db, params.otherId)]);
    return compareExperiments(base, other);
  }),
});
