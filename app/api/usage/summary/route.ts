import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { usageApi } from "@/lib/api/contracts/usage.shared";
import { ANY_ROLE } from "@/lib/auth/roles";
import { summarizeUsage } from "@/lib/runs/read-models/usage/summarize-usage";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(usageApi.summary, { access: ANY_ROLE }, async ({ query, db }) => summarizeUsage(db, query)),
});
