import { z } from "zod";
import { defineRoute } from "@/lib/api/define-route";
import { otherMethodsRefused } from "@/lib/api/method-not-allowed";
import { ANY_ROLE } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { listConversations } from "@/lib/db/list-conversations";
import { createConversation } from "@/lib/runs/conversation-views";

export const dynamic = "force-dynamic";

const Body = z
  .object({
    agentId: z.string().trim().min(1, "Pick the agent to talk to (agentId)"),
    title: z.string().trim().max(200).nullable().optional(),
  })
  .strict();

export const GET = defineRoute({ access: ANY_ROLE }, async () => ({ conversations: await listConversations(getDb()) }));

/** Starts an empty conversation with an agent (operators run conversations). */
export const POST = defineRoute({ access: ["operator"], body: Body, status: 201 }, async ({ body, principal }) =>
  createConversation(getDb(), { agentId: body.agentId, title: body.title ?? null, createdById: principal!.id }),
);

export const { PUT, PATCH, DELETE } = otherMethodsRefused(["GET", "POST"]);
