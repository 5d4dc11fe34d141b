/**
 * What a tool call returns to its caller (the invoke route, the run loop): a result or one of the
 * five call-time error types, always with the call's logs and domain events. The shapes are zod
 * schemas in lib/tools/tool-call-outcome.shared.ts (the HTTP contract and the test-run panel use
 * them); their types are re-exported here.
 */

export type {
  ToolCallError,
  ToolCallErrorType,
  ToolCallOutcome,
  ToolEvent,
  ToolLimitKind,
  ToolLog,
} from "../tools/tool-call-outcome.shared";

/** The run a call belongs to. All empty in a test run from the tool editor. */
export interface ToolCallContext {
  agentId?: string | null;
  conversationId?: string | null;
  runId?: string | null;
  /** Sequence number for the first event this call emits (default 0). */
  toolSeqStart?: number;
  /** The declared connections' fields, secrets included (`ctx.connections`). */
  connections?: Record<string, Record<string, string>>;
  /** The conversation's context values (`ctx.context`). */
  values?: Record<string, unknown>;
  /** Who the turn runs for (`ctx.user`). */
  user?: { id: string; roles: string[] } | null;
}
