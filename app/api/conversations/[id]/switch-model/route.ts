import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { readyRunRuntime } from "@/lib/server/server";
import { switchConversationModel } from "@/lib/runs/switch-conversation-model";

export const dynamic = "force-dynamic";

/** Switches the conversation's agent to a roster entry from the next run, recorded as ModelSwitched. */
const postHandler = defineRoute(
  conversationsApi.switchModel,
  { access: ["operator", "author"] },
  async ({ params, body, principal }) =>
    switchConversationModel(await readyRunRuntime(), params.id, body.key, principal),
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: postHandler });
