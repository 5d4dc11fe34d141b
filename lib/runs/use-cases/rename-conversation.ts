/**
 * Renaming a conversation (PATCH /api/conversations/:id {title}): its creator or an admin; any
 * time, a run going or not (the title is the list's and the page's, never the model's). Audited as
 * `conversation.renamed` with the title before and after.
 */
import { recordAudit } from "../../auth/audit-log";
import type { Principal } from "../../auth/roles";
import type { Db } from "../../db/client";
import type { ConversationDetail } from "../read-models/conversations/conversation-views.shared";
import { getConversationView } from "../read-models/conversations/conversation-views";
import { conversationToManage } from "./conversation-ownership";

export async function renameConversation(
  db: Db,
  conversationId: string,
  title: string,
  actor: Principal,
): Promise<ConversationDetail> {
  const c = await conversationToManage(db, conversationId, actor, "rename");
  if (c.title !== title) {
    await db.conversation.update({ where: { id: c.id }, data: { title } });
    await recordAudit(db, {
      actor,
      action: "conversation.renamed",
      target: `conversation:${c.id}`,
      details: { conversationId: c.id, agentId: c.agentId, from: c.title, to: title },
    });
  }
  return getConversationView(db, c.id);
}
