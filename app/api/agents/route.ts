import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { AgentInput } from "@/lib/agents/agent-input";
import { createAgent } from "@/lib/agents/save-agent";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listAgents } from "@/lib/agents/list-agents";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: ANY_ROLE }, async ({ db }) => ({ agents: await listAgents(db) })),
  /** Creates an agent from its JSON (lib/agents/README.md); answers the agent (model = active, roster = list). */
  POST: defineRoute(
    { access: ["author"], body: AgentInput, status: 201, maxBodyBytes: 512 * 1024 },
    async ({ body, db }) => ({
      agent: await createAgent(db, body),
    }),
  ),
});
