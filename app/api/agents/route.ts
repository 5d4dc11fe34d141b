import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { createAgent } from "@/lib/agents/save-agent";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listAgents } from "@/lib/agents/list-agents";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(agentsApi.list, { access: ANY_ROLE }, async ({ db }) => ({ agents: await listAgents(db) })),
  /** Creates an agent from its JSON (lib/agents/README.md); answers the agent (model = active, roster = list). */
  POST: defineRoute(
    agentsApi.create,
    { access: ["author"], maxBodyBytes: 512 * 1024 },
    async ({ body, principal, db }) => ({
      agent: await createAgent(db, body, { id: principal.id, name: principal.name }),
    }),
  ),
});
