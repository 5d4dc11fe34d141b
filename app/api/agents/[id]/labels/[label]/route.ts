import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { agentsApi } from "@/lib/api/contracts/agents.shared";
import { moveLabel } from "@/lib/agents/agent-labels";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Creates or moves a label to a version (audited); rolling back is moving production to an older one. */
  PUT: defineRoute(agentsApi.moveLabel, { access: ["author"] }, async ({ params, body, principal, db }) =>
    moveLabel(db, params.id, params.label, body.version, principal, { freezeTools: body.freezeTools }),
  ),
});
