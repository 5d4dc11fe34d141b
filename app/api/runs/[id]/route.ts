import { runsApi } from "@/lib/api/contracts/runs.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getRunView } from "@/lib/runs/read-models/runs/run-views";

export const dynamic = "force-dynamic";

/** One run and its events in order. */
const getHandler = defineRoute(runsApi.get, { access: ANY_ROLE }, async ({ params, db }) => getRunView(db, params.id));

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: getHandler });
