import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getConversationView } from "@/lib/runs/read-models/conversations/conversation-views";

export const dynamic = "force-dynamic";

/** The conversation with its active run, pending approvals, the agent's model and roster, and its runs. */
const getHandler = defineRoute(conversationsApi.get, { access: ANY_ROLE }, async ({ params, db }) =>
  getConversationView(db, params.id),
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: getHandler });
