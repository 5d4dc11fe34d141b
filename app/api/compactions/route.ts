import { compactionsApi } from "@/lib/api/contracts/compactions.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listCompactions } from "@/lib/runs/read-models/compactions/compaction-browser";

export const dynamic = "force-dynamic";

/** Every compaction and clear, newest first: `?agentId=&conversationId=&strategy=&from=&to=&limit=`. */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(compactionsApi.list, { access: ANY_ROLE }, async ({ query, db }) => ({
    compactions: await listCompactions(db, query),
  })),
});
