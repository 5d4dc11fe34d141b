import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { ANY_ROLE } from "@/lib/auth/roles";
import { agentActions } from "@/lib/runs/use-cases/agent-actions";
import { readyRunRuntime } from "@/lib/server/server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(agentsApi.actions, { access: ANY_ROLE }, async ({ params, query }) =>
    agentActions((await readyRunRuntime()).deps, params.id, query.version),
  ),
});
