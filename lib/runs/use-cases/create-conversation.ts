/** A new conversation with an agent (404 naming `agentId` when there is no such agent), answered as its view. */
import { NotFoundError } from "../../errors";
import type { Db } from "../../db/client";
import { currentWorkspaceId } from "../../db/workspace";
import type { ConversationDetail } from "../read-models/conversations/conversation-views.shared";
import { getConversationView } from "../read-models/conversations/conversation-views";

export async function createConversation(
  db: Db,
  input: { agentId: string; title?: string | null; createdById: string | null },
): Promise<ConversationDetail> {
  const agent = await db.agent.findUnique({ where: { id: input.agentId }, select: { id: true, workspaceId: true } });
  if (!agent) throw new NotFoundError(`No agent with id '${input.agentId}'.`, { field: "agentId" });
  const row = await db.conversation.create({
    data: {
      workspaceId: agent.workspaceId ?? (await currentWorkspaceId(db)),
      agentId: agent.id,
      title: input.title ?? null,
      createdById: input.createdById,
    },
  });
  return getConversationView(db, row.id);
}
