import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { AgentInput } from "@/lib/agents/agent-input";
import { createAgent } from "@/lib/agents/save-agent";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { listAgents } from "@/lib/agents/list-agents";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ access: ANY_ROLE }, async () => ({ agents: await listAgents(getDb()) }));

/** Creates an agent from the DESIGN §10 JSON; answers the agent (model = active, roster = list). */
export const POST = defineRoute({ access: ["author"], body: AgentInput, status: 201, maxBodyBytes: 512 * 1024 }, async ({ body }) => ({
  agent: await createAgent(getDb(), body),
}));

export const { PUT, PATCH, DELETE } = otherMethodsRefused(["GET", "POST"]);
