/**
 * A conversation's family (GET /api/conversations/{id}/branches; docs/time-travel.md, "Branches"):
 * where it came from — the conversation it was forked from or replays — and the conversations made
 * from it that are not deleted, newest first: forks (at their seq) and replays.
 */
import type { Db } from "../../../db/client";
import { ConversationNotFoundError } from "../conversations/conversation-not-found-error";
import { forkedFromOf, ORIGIN_COLUMNS, replayOfOf } from "./branch-origin";
import type { BranchView, ConversationBranches } from "./branch-views.shared";

export async function getConversationBranches(db: Db, id: string): Promise<ConversationBranches> {
  const c = await db.conversation.findUnique({ where: { id, deletedAt: null }, select: ORIGIN_COLUMNS });
  if (!c) throw new ConversationNotFoundError(id);
  const rows = await db.conversation.findMany({
    where: { deletedAt: null, OR: [{ forkedFromConversationId: id }, { replayOfId: id }] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      title: true,
      agentVersion: true,
      modelKey: true,
      createdAt: true,
      forkedFromConversationId: true,
      forkedFromSeq: true,
    },
  });
  const branches: BranchView[] = rows.map((r) => {
    const fork = r.forkedFromConversationId === id;
    return {
      id: r.id,
      kind: fork ? "fork" : "replay",
      title: r.title,
      seq: fork ? (r.forkedFromSeq ?? 0) : null,
      agentVersion: r.agentVersion,
      modelKey: r.modelKey,
      createdAt: r.createdAt.toISOString(),
    };
  });
  return { forkedFrom: forkedFromOf(c), replayOf: replayOfOf(c), branches };
}
