import { experimentsApi } from "@/lib/api/contracts/experiments.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listExperiments } from "@/lib/evals/read-experiments";
import { startExperiment } from "@/lib/runs/use-cases/start-experiment";
import { readyRunRuntime } from "@/lib/server/server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(experimentsApi.list, { access: ANY_ROLE }, async ({ db, query }) => ({
    experiments: await listExperiments(db, query),
  })),
  /**
   * Runs an agent version (or a label's) over the dataset's current revision (operators run
   * conversations; docs/evals.md, "Experiments"): 202 with its id at once; its cases run on the
   * run queue, each in its own conversation.
   */
  POST: defineRoute(experimentsApi.create, { access: ["operator"] }, async ({ body, principal }) =>
    startExperiment(await readyRunRuntime(), {
      ...body,
      actor: { id: principal.id, name: principal.name, roles: principal.roles, apiTokenId: principal.tokenId ?? null },
    }),
  ),
});
