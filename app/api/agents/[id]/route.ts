import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { AgentInput } from "@/lib/agents/agent-input";
import { deleteAgent } from "@/lib/agents/delete-agent";
import { getAgent } from "@/lib/agents/read-agent";
import { updateAgent } from "@/lib/agents/save-agent";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });

export const GET = defineRoute({ access: ANY_ROLE, params: Params }, async ({ params }) => ({ agent: await getAgent(getDb(), params.id) }));

export const PUT = defineRoute({ access: ["author"], params: Params, body: AgentInput, maxBodyBytes: 512 * 1024 }, async ({ params, body }) => ({
  agent: await updateAgent(getDb(), params.id, body),
}));

export const DELETE = defineRoute({ access: ["author"], params: Params }, async ({ params }) => {
  await deleteAgent(getDb(), params.id);
  return { deleted: params.id };
});

export const { POST, PATCH } = otherMethodsRefused(["GET", "PUT", "DELETE"]);
