/**
 * One handler per event type the trace reads; the others (system prompts, tool state) are looked
 * up by the builder or not drawn.
 */
import type { EventType, StoredEvent } from "../../../../events/event-types";
import type { EventHandler, RunLayout, TraceScope } from "../run-layout";
import { approvalDecided } from "./approval-decided";
import { approvalRequested } from "./approval-requested";
import { contextMark } from "./context-mark";
import { llmMessage } from "./llm-message";
import { llmUsage } from "./llm-usage";
import { runFinished } from "./run-finished";
import { runStarted } from "./run-started";
import { toolCall } from "./tool-call";
import { toolReturn } from "./tool-return";

const HANDLERS: { [T in EventType]?: EventHandler<T> } = {
  RunStarted: runStarted,
  LlmMessageEvent: llmMessage,
  ToolCallEvent: toolCall,
  LlmUsageEvent: llmUsage,
  ToolReturnEvent: toolReturn,
  ApprovalRequested: approvalRequested,
  ApprovalDecided: approvalDecided,
  LlmContextCompactedEvent: contextMark,
  LlmContextClearedEvent: contextMark,
  ModelSwitched: contextMark,
  RunFinished: runFinished,
};

/** Reads one event into the run's layout. */
export function applyTraceEvent(e: StoredEvent, run: RunLayout, trace: TraceScope, index: number): void {
  const handler = HANDLERS[e.type] as EventHandler<EventType> | undefined;
  handler?.(e, run, trace, index);
}
