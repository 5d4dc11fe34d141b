import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { AgentInput } from "@/lib/agents/agent-input";
import { deleteAgent } from "@/lib/agents/delete-agent";
import { getAgent } from "@/lib/agents/read-agent";
import { updateAgent } from "@/lib/agents/save-agent";
import { ANY_ROLE } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: ANY_ROLE, params: Params }, async ({ params, db }) => ({
    agent: await getAgent(db, params.id),
  })),
  PUT: defineRoute(
    { access: ["author"], params: Params, body: AgentInput, maxBodyBytes: 512 * 1024 },
    async ({ params, body, db }) => ({
      agent: await updateAgent(db, params.id, body),
    }),
  ),
  DELETE: defineRoute({ access: ["author"], params: Params }, async ({ params, db }) => {
    await deleteAgent(db, params.id);
    return { deleted: params.id };
  }),
});
