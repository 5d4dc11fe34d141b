import { experimentsApi } from "@/lib/api/contracts/experiments.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { SSE_HEADERS } from "@/lib/events/sse";
import { getExperimentSummary } from "@/lib/evals/read-experiments";
import { experimentProgress } from "@/lib/evals/experiment-progress";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /**
   * The experiment's progress as server-sent events (docs/evals.md, "Progress"): `event: progress`
   * with the summary at once and on every change, until a terminal status. 404 as JSON first.
   */
  GET: defineRoute(experimentsApi.progress, { access: ANY_ROLE }, async ({ db, params, principal, server }) => {
    await getExperimentSummary(db, params.id);
    const release = server.limits.streams.acquire(principal.id);
    const stream = experimentProgress(() => getExperimentSummary(db, params.id), { onClose: release });
    return new Response(stream, { status: 200, headers: SSE_HEADERS });
  }),
});
