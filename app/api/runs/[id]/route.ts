import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getRunView } from "@/lib/runs/conversation-views";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });

/** One run and its events in order. */
const getHandler = defineRoute({ access: ANY_ROLE, params: Params }, async ({ params, db }) =>
  getRunView(db, params.id),
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: getHandler });
