/**
 * A model switch made from a conversation: the agent's active model changes (refusals change
 * nothing: 409 ModelSwitchError), and the conversation's log records ModelSwitched (outside any
 * run: runId null). The run in flight keeps its model; the next run uses the new one.
 */
import { switchAgentModel } from "../agents/switch-agent-model";
import { modelRosterKey } from "../models/providers.shared";
import { getAgent } from "../agents/read-agent";
import { NotFoundError } from "../errors";
import type { Principal } from "../auth/roles";
import { newEvent, type EventOf } from "../events/event-types";
import type { RunRuntime } from "./runtime";

export async function switchConversationModel(
  rt: RunRuntime,
  conversationId: string,
  key: string,
  actor: Principal,
): Promise<{ model: string; event: EventOf<"ModelSwitched"> | null }> {
  const conversation = await rt.db.conversation.findUnique({
    where: { id: conversationId },
    select: { agentId: true },
  });
  if (!conversation) throw new NotFoundError(`No conversation with id '${conversationId}'.`);
  const before = modelRosterKey((await getAgent(rt.db, conversation.agentId)).model);
  const entry = await switchAgentModel(rt.db, conversation.agentId, key, actor);
  const to = modelRosterKey(entry);
  if (to === before) return { model: to, event: null };
  const [event] = await rt.deps.store.appendEvents(conversationId, [
    { event: newEvent(null, "ModelSwitched", { from: before, to }) },
  ]);
  return { model: to, event: event as EventOf<"ModelSwitched"> };
}
