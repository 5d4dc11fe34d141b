import { timeTravelApi } from "@/lib/api/contracts/time-travel.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getConversationBranches } from "@/lib/runs/read-models/branches/conversation-branches";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Where the conversation came from and the forks and replays made from it (anyone who may read it). */
  GET: defineRoute(timeTravelApi.branches, { access: ANY_ROLE }, async ({ params, db }) =>
    getConversationBranches(db, params.id),
  ),
});
