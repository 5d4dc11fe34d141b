/**
 * The event log's types for the server: the wire shapes (lib/events/event-types.shared.ts — the
 * schemas and their types share one name) and what only the server writes, an event before the
 * store numbers it. The field names are a public contract (docs/conversations-api.md).
 */
import type { EventData, EventType } from "./event-types.shared";

export {
  ContextBlock,
  EVENT_TYPES,
  EventData,
  EventOf,
  EventsPage,
  FinishedRunStatus,
  MessagePart,
  MessageRole,
  RunError,
  RunKind,
  RunStatus,
  RunUsage,
  StopReason,
  StoredEvent,
  StreamMessage,
  SystemPromptPart,
  TextDelta,
  TextDeltaFrame,
  ToolResultOutput,
} from "./event-types.shared";
export type { EventType } from "./event-types.shared";

/** An event before the store numbered it. `runId` is null for compaction/clear outside a run. */
export type NewEvent = { [T in EventType]: { runId: string | null; type: T; data: EventData[T] } }[EventType];

/** An event to append, with what the store needs to write a usage record beside an LlmUsageEvent. */
export interface EventEntry {
  event: NewEvent;
  /**
   * For LlmUsageEvent: the agent, its version (the run's `agentVersion`; outside any run, the
   * conversation's) and the user's turn it is attributed to — with the user who posted that turn and
   * the API token it came with (user and token budgets sum by them; null when no one / no token).
   */
  usage?: {
    agentId: string;
    agentVersion: number;
    rootRunId: string;
    conversationId: string;
    userId?: string | null;
    apiTokenId?: string | null;
  };
}

export function newEvent<T extends EventType>(runId: string | null, type: T, data: EventData[T]): NewEvent {
  return { runId, type, data } as NewEvent;
}
