import { compactionsApi } from "@/lib/api/contracts/compactions.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getCompaction } from "@/lib/runs/read-models/compactions/compaction-browser";

export const dynamic = "force-dynamic";

/** One compaction or clear (`{conversationId}-{seq}`): its summary beside the messages it replaced. */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(compactionsApi.get, { access: ANY_ROLE }, async ({ params, db }) => ({
    compaction: await getCompaction(db, params.id),
  })),
});
