import { defineRoute } from "@/lib/api/define-route";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { listAgents } from "@/lib/db/list-agents";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ access: ANY_ROLE }, async () => ({ agents: await listAgents(getDb()) }));
