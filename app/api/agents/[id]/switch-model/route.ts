import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { switchAgentModel } from "@/lib/agents/switch-agent-model";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });
const Body = z.object({ key: z.string().trim().min(1, "Name the roster key to switch to (provider:model)") }).strict();

/** Switches the active model to a roster entry; answers the now-active model config, or 409 ModelSwitchError. */
export const POST = defineRoute({ access: ["author"], params: Params, body: Body }, async ({ params, body, principal }) =>
  switchAgentModel(getDb(), params.id, body.key, principal),
);

export const { GET, PUT, PATCH, DELETE } = otherMethodsRefused(["POST"]);
