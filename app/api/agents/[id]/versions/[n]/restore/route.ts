import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { restoreAgentVersion } from "@/lib/agents/restore-agent-version";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Saves version n's configuration as the newest version. */
  POST: defineRoute(agentsApi.restoreVersion, { access: ["author"] }, async ({ params, principal, db }) => ({
    agent: await restoreAgentVersion(db, params.id, params.n, { id: principal.id, name: principal.name }),
  })),
});
