/**
 * Where a conversation came from, from its columns (docs/time-travel.md): the conversation and seq
 * its log was forked from, and the conversation it replays with how and how far. Shared by the
 * conversation's detail and its branches.
 */
import { ReplayStatus, ReplayToolResults, type ForkedFrom, type ReplayOf } from "./branch-views.shared";

export interface OriginColumns {
  forkedFromConversationId: string | null;
  forkedFromSeq: number | null;
  replayOfId: string | null;
  replayToolResults: string | null;
  replayStatus: string | null;
}

export const ORIGIN_COLUMNS = {
  forkedFromConversationId: true,
  forkedFromSeq: true,
  replayOfId: true,
  replayToolResults: true,
  replayStatus: true,
} as const;

export function forkedFromOf(c: OriginColumns): ForkedFrom | null {
  return c.forkedFromConversationId ? { conversationId: c.forkedFromConversationId, seq: c.forkedFromSeq ?? 0 } : null;
}

/** A replay's origin; a value the columns should never hold reads as the default (recorded, queued). */
export function replayOfOf(c: OriginColumns): ReplayOf | null {
  if (!c.replayOfId) return null;
  const toolResults = ReplayToolResults.safeParse(c.replayToolResults);
  const status = ReplayStatus.safeParse(c.replayStatus);
  return {
    conversationId: c.replayOfId,
    toolResults: toolResults.success ? toolResults.data : "recorded",
    status: status.success ? status.data : "queued",
  };
}
