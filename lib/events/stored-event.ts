/** An `Event` row as the wire contract's StoredEvent (`runId` "" is a conversation-level event). */
import type { StoredEvent } from "./event-types";

export type EventRow = { seq: number; runId: string; type: string; payload: unknown; createdAt: Date };

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    seq: row.seq,
    runId: row.runId === "" ? null : row.runId,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    data: row.payload,
  } as StoredEvent;
}
