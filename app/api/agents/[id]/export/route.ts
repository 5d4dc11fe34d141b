import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { exportAgent } from "@/lib/agents/export-agent";
import { ANY_ROLE } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The agent as a file (docs/agent-file.md), at ?version=N or ?label=L (neither: production). */
  GET: defineRoute(agentsApi.exportAgent, { access: ANY_ROLE }, async ({ params, query, db }) =>
    exportAgent(db, params.id, query),
  ),
});
