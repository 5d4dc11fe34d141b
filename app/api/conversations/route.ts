import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listConversations } from "@/lib/db/list-conversations";
import { createConversation } from "@/lib/runs/conversation-views";

export const dynamic = "force-dynamic";

const Body = z
  .object({
    agentId: z.string().trim().min(1, "Pick the agent to talk to (agentId)"),
    title: z.string().trim().max(200).nullable().optional(),
  })
  .strict();

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: defineRoute({ access: ANY_ROLE }, async ({ db }) => ({ conversations: await listConversations(db) })),
  /** Starts an empty conversation with an agent (operators run conversations). */
  POST: defineRoute({ access: ["operator"], body: Body, status: 201 }, async ({ body, principal, db }) =>
    createConversation(db, { agentId: body.agentId, title: body.title ?? null, createdById: principal.id }),
  ),
});
