import { conversationsApi } from "@/lib/api/contracts/conversations.shared";
import { defineRoute } from "@/lib/api/define-route";
import { routeMethods } from "@/lib/api/route-methods";
import { ANY_ROLE } from "@/lib/auth/roles";
import { listConversations } from "@/lib/runs/read-models/conversations/conversation-list";
import { createConversation } from "@/lib/runs/use-cases/create-conversation";
import { spend } from "@/lib/runs/use-cases/turn-limits";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  /** The visible conversations, filtered and one page at a time (conversation-list.ts). */
  GET: defineRoute(conversationsApi.list, { access: ANY_ROLE }, async ({ query, db }) => listConversations(db, query)),
  /**
   * Starts an empty conversation with an agent (operators run conversations): each user may start
   * ATELIER_CONVERSATIONS_PER_MINUTE a minute (429 with Retry-After beyond, nothing created).
   */
  POST: defineRoute(conversationsApi.create, { access: ["operator"] }, async ({ body, principal, db, server }) => {
    spend(server.limits.conversations, principal);
    return createConversation(db, {
      agentId: body.agentId,
      title: body.title ?? null,
      createdById: principal.id,
      version: body.version,
      label: body.label,
      context: body.context,
    });
  }),
});
