/**
 * Conversations of an experiment (`Conversation.experimentId` set; docs/evals.md, "Hidden"): each
 * eval case runs in one. They are left out of the conversations list (unless asked for), the
 * approvals inbox, the traces lists and agents' lifetime limits, and they fire no webhooks — but
 * their usage counts in costs and budgets like any other.
 *
 * `isExperimentConversation` is the one predicate other domains ask (webhooks: fire nothing for
 * one); `NOT_AN_EXPERIMENT` is the Prisma `where` fragment on `Conversation` that leaves them out.
 */
import type { Db } from "../db/client";

/** `where` on Conversation: only conversations that are not an eval case's. */
export const NOT_AN_EXPERIMENT = { experimentId: null } as const;

/** True when the conversation runs an eval case (false for an unknown id). */
export async function isExperimentConversation(db: Db, conversationId: string): Promise<boolean> {
  const row = await db.conversation.findUnique({ where: { id: conversationId }, select: { experimentId: true } });
  return row?.experimentId != null;
}

/** The ids of experiment conversations in which `agentId` ran (as the case's agent or as a child). */
export async function experimentConversationsOf(db: Db, agentId: string): Promise<string[]> {
  const runs = await db.run.findMany({
    where: { agentId, conversation: { experimentId: { not: null } } },
    select: { conversationId: true },
    distinct: ["conversationId"],
  });
  return runs.map((r) => r.conversationId);
}
