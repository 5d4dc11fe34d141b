import { timeTravelApi } from "@/lib/api/contracts/time-travel.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { compareConversations } from "@/lib/runs/read-models/branches/compare-conversations";

export const dynamic = "force-dynamic";

/** Two conversations aligned by turn, with where their paths diverged (any role: both are readable). */
const getHandler = defineRoute(timeTravelApi.compare, { access: ANY_ROLE }, async ({ params, db }) =>
  compareConversations(db, params.id, params.otherId),
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: getHandler });
