import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { CompactionsQuery, listCompactions } from "@/lib/runs/compaction/browser";

export const dynamic = "force-dynamic";

/** Every compaction and clear, newest first: `?agentId=&conversationId=&strategy=&from=&to=&limit=`. */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: ANY_ROLE, query: CompactionsQuery }, async ({ query, db }) => ({
    compactions: await listCompactions(db, query),
  })),
});
