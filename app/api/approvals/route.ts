import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { approvalsApi } from "@/lib/api/contracts/approvals.shared";
import { ANY_ROLE } from "@/lib/auth/roles";
import { countPendingApprovals, listApprovals } from "@/lib/runs/read-models/approvals/list-approvals";
import { markDestructive } from "@/lib/mcp/destructive-approvals";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(approvalsApi.list, { access: ANY_ROLE }, async ({ query, db }) => {
    const [approvals, pendingCount] = await Promise.all([
      // Held calls of imported MCP tools their server marks destructive carry `destructive: true`.
      query.limit === 0 ? [] : listApprovals(db, query.status, query.limit).then((list) => markDestructive(db, list)),
      countPendingApprovals(db),
    ]);
    return { status: query.status, approvals, pendingCount };
  }),
});
