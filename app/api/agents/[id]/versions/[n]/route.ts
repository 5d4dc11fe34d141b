import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { versionToolNames } from "@/lib/agents/list-agent-versions";
import { getAgent } from "@/lib/agents/read-agent";
import { ANY_ROLE } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(agentsApi.version, { access: ANY_ROLE }, async ({ params, db }) => ({
    agent: await getAgent(db, params.id, params.n),
    toolNames: await versionToolNames(db, params.id, params.n),
  })),
});
