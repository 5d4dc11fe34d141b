import { defineRoute } from "@/lib/api/define-route";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { listTools } from "@/lib/db/list-tools";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ access: ANY_ROLE }, async () => ({ tools: await listTools(getDb()) }));
