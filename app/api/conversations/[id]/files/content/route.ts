import { workspaceFilesApi } from "@/lib/api/contracts/workspace-files.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { attachmentHeader, conversationFileContent } from "@/lib/workspace-files/conversation-workspace";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** One workspace file, downloaded as text (anyone who may read the conversation). */
  GET: defineRoute(workspaceFilesApi.content, { access: ANY_ROLE }, async ({ params, query, db }) => {
    const file = await conversationFileContent(db, params.id, query.path);
    return new Response(file.content, {
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "content-disposition": attachmentHeader(file.path),
        "last-modified": file.modifiedAt.toUTCString(),
        "cache-control": "no-store",
      },
    });
  }),
});
