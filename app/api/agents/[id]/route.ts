import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { deleteAgent } from "@/lib/agents/delete-agent";
import { getAgent } from "@/lib/agents/read-agent";
import { updateAgent } from "@/lib/agents/save-agent";
import { ANY_ROLE } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(agentsApi.get, { access: ANY_ROLE }, async ({ params, db }) => ({
    agent: await getAgent(db, params.id),
  })),
  PUT: defineRoute(
    agentsApi.update,
    { access: ["author"], maxBodyBytes: 512 * 1024 },
    async ({ params, body, principal, db }) => ({
      agent: await updateAgent(db, params.id, body, { id: principal.id, name: principal.name }),
    }),
  ),
  DELETE: defineRoute(agentsApi.delete, { access: ["author"] }, async ({ params, db }) => {
    await deleteAgent(db, params.id);
    return { deleted: params.id };
  }),
});
