import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { listConversations } from "@/lib/db/list-conversations";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ access: ANY_ROLE }, async () => ({ conversations: await listConversations(getDb()) }));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused(["GET"]);
