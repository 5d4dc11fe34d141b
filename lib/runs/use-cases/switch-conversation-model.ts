/**
 * A model switch made from a conversation applies to that conversation only: it stores the roster
 * key on the conversation (`Conversation.modelKey`, read by the agent loader for its runs, see
 * conversation-model.ts), appends ModelSwitched to its log (outside any run: runId null) and writes
 * the audit log. The agent and its other conversations keep their model; the agent-wide switch is
 * `POST /api/agents/{id}/switch-model` (lib/agents/switch-agent-model.ts).
 *
 * The same rules as the agent's switch decide (`switchModel`: a roster, a known key, an entry that
 * builds with the studio's keys, the compaction bounds), so a refusal (409 ModelSwitchError)
 * changes nothing. The run in flight keeps its model; the conversation's next run uses the new one.
 * Switching to the model the conversation already uses changes nothing and records nothing.
 */
import { getAgent } from "../../agents/read-agent";
import { switchModel } from "../../agents/switch-model";
import { recordAudit } from "../../auth/audit-log";
import type { Principal } from "../../auth/roles";
import { newEvent, type EventOf } from "../../events/event-types";
import { modelRosterKey } from "../../models/providers.shared";
import { conversationModel } from "../engine/conversation-model";
import type { RunRuntime } from "../infra/runtime";
import { ConversationNotFoundError } from "../read-models/conversations/conversation-not-found-error";

export async function switchConversationModel(
  rt: RunRuntime,
  conversationId: string,
  key: string,
  actor: Principal,
): Promise<{ model: string; event: EventOf<"ModelSwitched"> | null }> {
  const conversation = await rt.db.conversation.findUnique({
    where: { id: conversationId, deletedAt: null },
    select: { agentId: true, modelKey: true, agentVersion: true },
  });
  if (!conversation) throw new ConversationNotFoundError(conversationId);
  // The roster of the version this conversation runs.
  const agent = await getAgent(rt.db, conversation.agentId, conversation.agentVersion);
  const before = modelRosterKey(conversationModel(agent, conversation.modelKey));
  const { to } = await switchModel(agent, key, { build: (entry) => rt.deps.models(entry, agent.runtime.http) });
  if (to === before) return { model: to, event: null };
  await rt.db.conversation.update({ where: { id: conversationId }, data: { modelKey: to } });
  const [event] = await rt.deps.store.appendEvents(conversationId, [
    { event: newEvent(null, "ModelSwitched", { from: before, to }) },
  ]);
  await recordAudit(rt.db, {
    actor,
    action: "conversation.model_switched",
    target: `conversation:${conversationId}`,
    details: { conversationId, agentId: conversation.agentId, from: before, to },
  });
  return { model: to, event: event as EventOf<"ModelSwitched"> };
}
