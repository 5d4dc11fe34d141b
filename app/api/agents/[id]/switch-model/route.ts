import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { switchAgentModel } from "@/lib/agents/switch-agent-model";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });
const Body = z.object({ key: z.string().trim().min(1, "Name the roster key to switch to (provider:model)") }).strict();

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** Switches the active model to a roster entry; answers the now-active model config, or 409 ModelSwitchError. */
  POST: defineRoute({ access: ["author"], params: Params, body: Body }, async ({ params, body, principal, db }) =>
    switchAgentModel(db, params.id, body.key, principal),
  ),
});
