import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { readyRunRuntime } from "@/lib/server/server";
import { getConversationView } from "@/lib/runs/read-models/conversations/conversation-views";
import { deleteConversation } from "@/lib/runs/use-cases/delete-conversation";
import { renameConversation } from "@/lib/runs/use-cases/rename-conversation";

export const dynamic = "force-dynamic";

/** The conversation with its active run, pending approvals, the agent's model and roster, and its runs. */
const getHandler = defineRoute(conversationsApi.get, { access: ANY_ROLE }, async ({ params, db }) =>
  getConversationView(db, params.id),
);

/** Renames it: operators, and only its creator (or an admin: 403 for anyone else). */
const patchHandler = defineRoute(
  conversationsApi.rename,
  { access: ["operator"] },
  async ({ params, body, principal, db }) => renameConversation(db, params.id, body.title, principal),
);

/** Deletes it (hides it and its events; runs and usage stay): its creator or an admin; 409 while a run is open. */
const deleteHandler = defineRoute(conversationsApi.remove, { access: ["operator"] }, async ({ params, principal }) =>
  deleteConversation(await readyRunRuntime(), params.id, principal),
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: getHandler,
  PATCH: patchHandler,
  DELETE: deleteHandler,
});
