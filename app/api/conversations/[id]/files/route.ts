import { workspaceFilesApi } from "@/lib/api/contracts/workspace-files.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listConversationFiles } from "@/lib/workspace-files/conversation-workspace";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The conversation's workspace files (anyone who may read the conversation). */
  GET: defineRoute(workspaceFilesApi.list, { access: ANY_ROLE }, async ({ params, db }) =>
    listConversationFiles(db, params.id),
  ),
});
