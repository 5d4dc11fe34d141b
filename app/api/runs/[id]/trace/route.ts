import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getRunTrace } from "@/lib/events/run-trace";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1).max(200) });

/** The run as a timeline: model requests, tool calls, approvals, compactions, child runs nested. */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: ANY_ROLE, params: Params }, async ({ params, db }) => getRunTrace(db, params.id)),
});
