import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { listRuns } from "@/lib/db/list-runs";

export const dynamic = "force-dynamic";

const Query = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

export const GET = defineRoute({ access: ANY_ROLE, query: Query }, async ({ query }) => ({ runs: await listRuns(getDb(), query.limit) }));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused(["GET"]);
