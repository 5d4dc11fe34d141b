import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { readyRunRuntime } from "@/lib/runs/queue/ready-runtime";
import { switchConversationModel } from "@/lib/runs/switch-conversation-model";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1) });
const Body = z.object({ key: z.string().trim().min(1, "Name the roster key to switch to (provider:model)") }).strict();

/** Switches the conversation's agent to a roster entry from the next run, recorded as ModelSwitched. */
const postHandler = defineRoute(
  { access: ["operator", "author"], params: Params, body: Body },
  async ({ params, body, principal }) =>
    switchConversationModel(await readyRunRuntime(), params.id, body.key, principal),
);

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: postHandler });
