/**
 * What a conversation ran with at a past point of its log (a fork's starting point,
 * docs/time-travel.md): its agent version and its own model choice. The log records every change
 * outside a run with the value it replaced (`AgentVersionChanged.from`, `ModelSwitched.from`), so
 * the value at `seq` is the `from` of the first change after it — or, when none followed, the
 * conversation's value now. Pure.
 */
import type { StoredEvent } from "../../events/event-types";

/** The agent version the conversation ran at `seq` (`current`: its version now). */
export function agentVersionAt(events: readonly StoredEvent[], seq: number, current: number): number {
  const next = events.find((e) => e.seq > seq && e.type === "AgentVersionChanged");
  return next?.type === "AgentVersionChanged" ? next.data.from : current;
}

/**
 * The model key the conversation used at `seq` (`current`: its own choice now, null when it follows
 * its agent's active model). A switch after `seq` answers the roster key it switched from.
 */
export function modelKeyAt(events: readonly StoredEvent[], seq: number, current: string | null): string | null {
  const next = events.find((e) => e.seq > seq && e.type === "ModelSwitched");
  return next?.type === "ModelSwitched" ? next.data.from : current;
}
