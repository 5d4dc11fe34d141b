import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { countPendingApprovals, listApprovals } from "@/lib/db/list-approvals";

export const dynamic = "force-dynamic";

const Query = z.object({
  status: z.enum(["pending", "decided"]).default("pending"),
  /** How many approvals to list; 0 answers only the pending count (the navigation badge). */
  limit: z.coerce.number().int().min(0).max(200).default(200),
});

export const GET = defineRoute({ access: ANY_ROLE, query: Query }, async ({ query }) => {
  const db = getDb();
  const [approvals, pendingCount] = await Promise.all([
    query.limit === 0 ? [] : listApprovals(db, query.status, query.limit),
    countPendingApprovals(db),
  ]);
  return { status: query.status, approvals, pendingCount };
});

export const { POST, PUT, PATCH, DELETE } = otherMethodsRefused(["GET"]);
