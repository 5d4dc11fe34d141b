/**
 * What a tool call returns to its caller (the invoke route, the run loop): a result or one of the
 * five call-time error types, always with the call's logs and domain events.
 */

export type ToolCallErrorType =
  "ToolArgumentError" | "ToolShapeError" | "ToolExecutionError" | "ToolTimeoutError" | "ToolLimitError";

/** Which limit a ToolLimitError hit. */
export type ToolLimitKind = "memory" | "result-size" | "stack";

export interface ToolCallError {
  type: ToolCallErrorType;
  /** A message a model (or a person) can act on. */
  message: string;
  /** ToolArgumentError */
  missing?: string[];
  unexpected?: string[];
  invalid?: Array<[string, string]>;
  accepted?: string[];
  /** ToolShapeError: the schema's name and what differs. */
  expected?: string;
  problems?: string[];
  /** ToolExecutionError (and stack limit): the line in the author's TypeScript source. */
  line?: number;
  /** ToolExecutionError: the thrown error's name (e.g. "TypeError"). */
  errorName?: string;
  /** ToolLimitError */
  limit?: ToolLimitKind;
}

export interface ToolLog {
  level: "log" | "info" | "warn" | "error" | "debug";
  message: string;
}

/** A domain event from `ctx.emit(payload)`, numbered from the caller's `toolSeqStart`. */
export interface ToolEvent {
  seq: number;
  payload: unknown;
}

export type ToolCallOutcome =
  | { ok: true; result: unknown; logs: ToolLog[]; events: ToolEvent[]; durationMs: number }
  | { ok: false; error: ToolCallError; logs: ToolLog[]; events: ToolEvent[]; durationMs: number };

/** The run a call belongs to. All empty in a test run from the tool editor. */
export interface ToolCallContext {
  agentId?: string | null;
  conversationId?: string | null;
  runId?: string | null;
  /** Sequence number for the first event this call emits (default 0). */
  toolSeqStart?: number;
}
