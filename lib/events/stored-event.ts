/** Stored rows as the wire contract's shapes. */
import type { RunError, StoredEvent } from "./event-types";

export type EventRow = { seq: number; runId: string; type: string; payload: unknown; createdAt: Date };

/** An `Event` row as a StoredEvent (`runId` "" is a conversation-level event). */
export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    seq: row.seq,
    runId: row.runId === "" ? null : row.runId,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    data: row.payload,
  } as StoredEvent;
}

/** A run row's stored error (JSON `{type, message, …}`); text that is not JSON as an `Error` with that message. */
export function storedRunError(raw: string | null): RunError | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as RunError;
  } catch {
    return { type: "Error", message: raw };
  }
}
