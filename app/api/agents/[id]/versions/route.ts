import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { listAgentVersions } from "@/lib/agents/list-agent-versions";
import { ANY_ROLE } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(agentsApi.versions, { access: ANY_ROLE }, async ({ params, db }) => ({
    versions: await listAgentVersions(db, params.id),
  })),
});
