import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { readyRunRuntime } from "@/lib/server/server";
import { switchConversationModel } from "@/lib/runs/use-cases/switch-conversation-model";

export const dynamic = "force-dynamic";

/**
 * Switches this conversation (only) to a roster entry of its agent from its next run, recorded as
 * ModelSwitched; the agent-wide switch is POST /api/agents/{id}/switch-model (authors).
 */
const postHandler = defineRoute(
  conversationsApi.switchModel,
  { access: ["operator"] },
  async ({ params, body, principal }) =>
    switchConversationModel(await readyRunRuntime(), params.id, body.key, principal),
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: postHandler });
