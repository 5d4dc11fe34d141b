/**
 * A replay's progress on its conversation (`Conversation.replayStatus`: queued → running →
 * completed | failed; docs/time-travel.md, "Replay"). Moves are conditional, so a replay that
 * already ended is never moved back, and replays a stopped process left unfinished end `failed`.
 */
import type { Db } from "../../../db/client";
import type { ReplayStatus } from "../../read-models/branches/branch-views.shared";

const NEXT: Record<ReplayStatus, ReplayStatus[]> = {
  queued: [],
  running: ["queued"],
  completed: ["queued", "running"],
  failed: ["queued", "running"],
};

/** Moves the replay to `status` when it is in a state that may move there; false otherwise. */
export async function setReplayStatus(db: Db, conversationId: string, status: ReplayStatus): Promise<boolean> {
  const { count } = await db.conversation.updateMany({
    where: { id: conversationId, replayStatus: { in: NEXT[status] } },
    data: { replayStatus: status },
  });
  return count === 1;
}

/**
 * Replays left queued or running with no claim on their conversation (the process executing them
 * stopped, and its claims were released): they end `failed`. Returns how many.
 */
export async function failAbandonedReplays(db: Db): Promise<number> {
  const claimed = (await db.runLease.findMany({ select: { conversationId: true } })).map((l) => l.conversationId);
  const { count } = await db.conversation.updateMany({
    where: { replayStatus: { in: ["queued", "running"] }, id: { notIn: claimed } },
    data: { replayStatus: "failed" },
  });
  return count;
}
