import { experimentsApi } from "@/lib/api/contracts/experiments.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { cancelExperiment } from "@/lib/runs/use-cases/cancel-experiment";
import { readyRunRuntime } from "@/lib/server/server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** No new case starts, running cases are interrupted, judged ones keep their verdicts (docs/evals.md). */
  POST: defineRoute(experimentsApi.cancel, { access: ["operator"] }, async ({ params, principal }) =>
    cancelExperiment(await readyRunRuntime(), params.id, { id: principal.id, name: principal.name }),
  ),
});
