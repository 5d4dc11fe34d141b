/**
 * A new conversation with an agent (404 naming `agentId` when there is no such agent), answered as
 * its view. It is pinned to the version asked for, a label's version, or `production` (the latest
 * while unset); an unknown version or label is a 404.
 */
import { resolveAgentVersion } from "../../agents/agent-labels";
import { NotFoundError } from "../../errors";
import type { Db } from "../../db/client";
import { currentWorkspaceId } from "../../db/workspace";
import type { ConversationDetail } from "../read-models/conversations/conversation-views.shared";
import { getConversationView } from "../read-models/conversations/conversation-views";

export async function createConversation(
  db: Db,
  input: { agentId: string; title?: string | null; createdById: string | null; version?: number; label?: string },
): Promise<ConversationDetail> {
  const agent = await db.agent.findUnique({ where: { id: input.agentId }, select: { id: true, workspaceId: true } });
  if (!agent) throw new NotFoundError(`No agent with id '${input.agentId}'.`, { field: "agentId" });
  const { version } = await resolveAgentVersion(db, agent.id, { version: input.version, label: input.label });
  const row = await db.conversation.create({
    data: {
      workspaceId: agent.workspaceId ?? (await currentWorkspaceId(db)),
      agentId: agent.id,
      agentVersion: version,
      title: input.title ?? null,
      createdById: input.createdById,
    },
  });
  return getConversationView(db, row.id);
}
