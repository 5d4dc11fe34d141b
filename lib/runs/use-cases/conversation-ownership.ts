/**
 * Who may rename or delete a conversation: the person who started it, or an admin. A conversation
 * no one owns (started with the studio's admin token, or by a caller without a user) is an admin's.
 * A deleted conversation is gone for everyone: 404, as if it never was.
 */
import { ForbiddenError } from "../../errors";
import type { Db } from "../../db/client";
import type { Principal } from "../../auth/roles";
import { ConversationNotFoundError } from "../read-models/conversations/conversation-not-found-error";

export interface OwnedConversation {
  id: string;
  title: string | null;
  agentId: string;
  createdById: string | null;
}

export function mayManageConversation(principal: Pick<Principal, "id" | "roles">, createdById: string | null): boolean {
  return principal.roles.includes("admin") || (createdById !== null && createdById === principal.id);
}

export async function conversationToManage(
  db: Db,
  conversationId: string,
  actor: Principal,
  action: "rename" | "delete",
): Promise<OwnedConversation> {
  const c = await db.conversation.findUnique({
    where: { id: conversationId, deletedAt: null },
    select: { id: true, title: true, agentId: true, createdById: true },
  });
  if (!c) throw new ConversationNotFoundError(conversationId);
  if (!mayManageConversation(actor, c.createdById))
    throw new ForbiddenError(`Only the person who started this conversation, or an admin, may ${action} it.`, {
      conversationId,
    });
  return c;
}
