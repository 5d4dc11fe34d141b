/**
 * In-process fan-out of a conversation's events to live followers (SSE streams): stored events
 * after they are committed, and transient text deltas as the model streams them. Followers that
 * need history read it from the store first and then de-duplicate by `seq`. One per process, held
 * by the composition root (lib/server/server.ts).
 */
import type { StoredEvent, TextDelta } from "./event-types";

export type BusMessage = StoredEvent | TextDelta;
export type BusListener = (message: BusMessage) => void;

export class EventBus {
  private readonly listeners = new Map<string, Set<BusListener>>();

  subscribe(conversationId: string, listener: BusListener): () => void {
    let set = this.listeners.get(conversationId);
    if (!set) this.listeners.set(conversationId, (set = new Set()));
    set.add(listener);
    return () => {
      set!.delete(listener);
      if (set!.size === 0) this.listeners.delete(conversationId);
    };
  }

  publish(conversationId: string, message: BusMessage): void {
    const set = this.listeners.get(conversationId);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(message);
      } catch {
        // A follower's failure never reaches the run.
      }
    }
  }

  followers(conversationId: string): number {
    return this.listeners.get(conversationId)?.size ?? 0;
  }
}
