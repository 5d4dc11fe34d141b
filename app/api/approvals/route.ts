import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { countPendingApprovals, listApprovals } from "@/lib/db/list-approvals";
import { markDestructive } from "@/lib/mcp/destructive-approvals";

export const dynamic = "force-dynamic";

const Query = z.object({
  status: z.enum(["pending", "decided"]).default("pending"),
  /** How many approvals to list; 0 answers only the pending count (the navigation badge). */
  limit: z.coerce.number().int().min(0).max(200).default(200),
});

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: ANY_ROLE, query: Query }, async ({ query, db }) => {
    const [approvals, pendingCount] = await Promise.all([
      // Held calls of imported MCP tools their server marks destructive carry `destructive: true`.
      query.limit === 0 ? [] : listApprovals(db, query.status, query.limit).then((list) => markDestructive(db, list)),
      countPendingApprovals(db),
    ]);
    return { status: query.status, approvals, pendingCount };
  }),
});
