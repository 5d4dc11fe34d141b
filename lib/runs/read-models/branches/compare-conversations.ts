/**
 * Two conversations compared turn by turn (`GET /api/conversations/:id/compare/:otherId`,
 * docs/time-travel.md "Compare"): both read from their events (`compare-turns.ts` folds them), so a
 * fork's copied turns, which have events but no Run rows, compare like the original's.
 */
import type { Db } from "../../../db/client";
import { toStoredEvent } from "../../../events/stored-event";
import { ConversationNotFoundError } from "../conversations/conversation-not-found-error";
import type { ConversationComparison } from "./branch-views.shared";
import { alignTurns, foldTurns, totalsOf } from "./compare-turns";

const EVENT_COLUMNS = { seq: true, runId: true, type: true, payload: true, createdAt: true } as const;

async function readSide(db: Db, id: string) {
  // A deleted conversation is hidden: 404 like one that never was.
  const c = await db.conversation.findUnique({
    where: { id, deletedAt: null },
    select: { id: true, title: true, agentId: true, agentVersion: true, modelKey: true },
  });
  if (!c) throw new ConversationNotFoundError(id);
  const rows = await db.event.findMany({
    where: { conversationId: id },
    orderBy: { seq: "asc" },
    select: EVENT_COLUMNS,
  });
  const events = rows.map(toStoredEvent);
  // The model its runs use: its own switch, else the model its latest run ran.
  const lastStart = events.findLast((e) => e.type === "RunStarted");
  const modelKey = c.modelKey ?? (lastStart?.type === "RunStarted" ? lastStart.data.model : null);
  return {
    conversation: { id: c.id, title: c.title, agentId: c.agentId, agentVersion: c.agentVersion, modelKey },
    turns: foldTurns(events),
  };
}

/** `id` on the left, `otherId` on the right; comparing a conversation with itself is allowed. */
export async function compareConversations(db: Db, id: string, otherId: string): Promise<ConversationComparison> {
  const left = await readSide(db, id);
  const right = otherId === id ? left : await readSide(db, otherId);
  const { turns, divergedAtTurn } = alignTurns(left.turns, right.turns);
  return {
    left: left.conversation,
    right: right.conversation,
    turns,
    divergedAtTurn,
    totals: { left: totalsOf(left.turns), right: totalsOf(right.turns) },
  };
}
