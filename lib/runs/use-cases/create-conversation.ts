/**
 * A new conversation with an agent (404 naming `agentId` when there is no such agent), answered as
 * its view. It is pinned to the version asked for, a label's version, or `production` (the latest
 * while unset); an unknown version or label is a 404. Its context values are checked against that
 * version's context schema (400 `validation_error` naming each field, nothing created) and stay
 * fixed for its life (lib/agents/README.md, "Conversation context").
 */
import { resolveAgentVersion } from "../../agents/agent-labels";
import { checkContextValues, contextValuesError } from "../../agents/context-schema.shared";
import { versionContextSchema } from "../../agents/read-context-schema";
import { jsonColumn } from "../../db/json-column";
import { NotFoundError } from "../../errors";
import type { Db } from "../../db/client";
import { currentWorkspaceId } from "../../db/workspace";
import type { ConversationDetail } from "../read-models/conversations/conversation-views.shared";
import { getConversationView } from "../read-models/conversations/conversation-views";

export async function createConversation(
  db: Db,
  input: {
    agentId: string;
    title?: string | null;
    createdById: string | null;
    version?: number;
    label?: string;
    /** The values of the version's context fields (none: `{}`). */
    context?: Record<string, unknown>;
  },
): Promise<ConversationDetail> {
  const agent = await db.agent.findUnique({ where: { id: input.agentId }, select: { id: true, workspaceId: true } });
  if (!agent) throw new NotFoundError(`No agent with id '${input.agentId}'.`, { field: "agentId" });
  const { version } = await resolveAgentVersion(db, agent.id, { version: input.version, label: input.label });
  const checked = checkContextValues(await versionContextSchema(db, agent.id, version), input.context);
  if (!checked.ok) throw contextValuesError(checked.issues);
  const row = await db.conversation.create({
    data: {
      workspaceId: agent.workspaceId ?? (await currentWorkspaceId(db)),
      agentId: agent.id,
      agentVersion: version,
      title: input.title ?? null,
      createdById: input.createdById,
      context: jsonColumn(checked.values),
    },
  });
  return getConversationView(db, row.id);
}
