/**
 * The state the event handlers (`handlers/`) share while one run is laid out: the trace's (one
 * clock, the rows by id, the system prompts) and the run's own (where its last step ended, its
 * spans so far, the calls of the step whose request is not logged yet).
 */
import type { EventType, StoredEvent } from "../../../events/event-types";
import type { RunRow, TraceInput } from "./trace-input";
import type { TraceApprovalSpan, TraceRun, TraceSpan, TraceToolSpan } from "./trace-wire.shared";

/** The whole trace's state. */
export interface TraceScope {
  runsById: Map<string, RunRow>;
  approvalRows: Map<string, TraceInput["approvals"][number]>;
  /** Milliseconds from the trace's start. */
  at(when: string | Date): number;
  /** The content hash of the rendering an agent's request at `seq` used (recorded in the trace's prompts). */
  promptFor(agentId: string, seq: number): string | null;
  /** Runs already laid out (inside a call or below their parent). */
  laidOut: Set<string>;
  /** Lays out a run below this one, starting no earlier than `minStart`. */
  layoutRun(row: RunRow, minStart: number): TraceRun;
}

/** One run's state while its events are read in order. */
export interface RunLayout {
  row: RunRow;
  events: StoredEvent[];
  start: number;
  /** Where the run's previous step ended. */
  cursor: number;
  spans: TraceSpan[];
  tools: Map<string, TraceToolSpan>;
  /** When each call's step's model request ended (its calls start there). */
  phaseStart: Map<TraceToolSpan, number>;
  approvals: Map<string, TraceApprovalSpan>;
  /** The calls logged before their step's usage event. */
  pendingCalls: TraceToolSpan[];
  requestedModel: string | null;
  prompt: string | null;
  answer: string | null;
  /** The last assistant message: its text and the tools it called. */
  assistant: { text: string; toolCalls: string[] };
  suspensions: TraceRun["suspensions"];
  finishedAt: number | null;
}

/** Reads one event of its type into the run's layout; `index` is its place in `run.events`. */
export type EventHandler<T extends EventType> = (
  e: Extract<StoredEvent, { type: T }>,
  run: RunLayout,
  trace: TraceScope,
  index: number,
) => void;

/** A call's span before its return is read. */
export function newToolSpan(run: RunLayout, seq: number, toolCallId: string, toolName: string): TraceToolSpan {
  return {
    type: "tool",
    seq,
    runId: run.row.id,
    startMs: run.cursor,
    endMs: run.cursor,
    toolCallId,
    toolName,
    arguments: "",
    result: null,
    truncated: false,
    success: null,
    durationMs: null,
    errorType: null,
    replayed: false,
    memoized: false,
    approvalId: null,
    child: null,
  };
}
