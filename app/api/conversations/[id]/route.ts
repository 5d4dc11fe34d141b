import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getConversationView } from "@/lib/runs/conversation-views";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });

const getHandler = defineRoute({ access: ANY_ROLE, params: Params }, async ({ params, db }) =>
  getConversationView(db, params.id),
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: getHandler });
