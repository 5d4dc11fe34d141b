import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { listLabels } from "@/lib/agents/agent-labels";
import { ANY_ROLE } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(agentsApi.labels, { access: ANY_ROLE }, async ({ params, db }) => ({
    labels: await listLabels(db, params.id),
  })),
});
