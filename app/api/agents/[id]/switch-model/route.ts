import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { switchAgentModel } from "@/lib/agents/switch-agent-model";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Switches the active model to a roster entry; answers the now-active model config, or 409 ModelSwitchError. */
  POST: defineRoute(agentsApi.switchModel, { access: ["author"] }, async ({ params, body, principal, db }) =>
    switchAgentModel(db, params.id, body.key, principal),
  ),
});
