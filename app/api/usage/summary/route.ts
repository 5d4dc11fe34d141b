import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { summarizeUsage, UsageSummaryQuery } from "@/lib/events/usage-summary";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ access: ANY_ROLE, query: UsageSummaryQuery }, async ({ query }) => summarizeUsage(getDb(), query));

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused(["GET"]);
