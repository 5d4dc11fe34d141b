import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { summarizeUsage, UsageSummaryQuery } from "@/lib/events/usage-summary";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: ANY_ROLE, query: UsageSummaryQuery }, async ({ query, db }) => summarizeUsage(db, query)),
});
