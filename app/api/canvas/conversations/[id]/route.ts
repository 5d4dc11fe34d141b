import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { canvasApi } from "@/lib/api/contracts/canvas.shared";
import { ANY_ROLE } from "@/lib/auth/roles";
import { buildConversationGraph } from "@/lib/canvas/build-canvas-graph";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute(canvasApi.conversation, { access: ANY_ROLE }, async ({ params, db }) =>
    buildConversationGraph(db, params.id),
  ),
});
