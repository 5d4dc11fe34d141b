/**
 * Every tool call of a run passes through one middleware chain before it executes (assembled in
 * dispatch-chain.ts): tracing → metering → retry → [replay] → [experiment mocks] → audit → idempotency → memoize → the tool. A
 * middleware gets the call and `next`, and may answer without calling `next` (a replay, a memo hit).
 * Egress is not a stage here: the sandbox's `ctx.fetch` enforces each tool's declared hosts on every
 * request, after resolving the address it connects to.
 */
import type { RunTool, ToolCallScope, ToolOutcome } from "../run-tool";

export interface ToolInvocation {
  tool: RunTool;
  args: unknown;
  scope: ToolCallScope;
}

export interface DispatchResult {
  outcome: ToolOutcome;
  durationMs: number;
  /** Answered by the idempotency stage from an identical earlier call of this run. */
  replayed?: boolean;
  /** Answered by the memoize stage from an identical earlier call of this run. */
  memoized?: boolean;
  /** Answered by an eval case's mock (experiment-mocks.ts): the tool did not run. */
  mocked?: boolean;
}

export type Next = (inv: ToolInvocation) => Promise<DispatchResult>;
export type ToolMiddleware = (inv: ToolInvocation, next: Next) => Promise<DispatchResult>;

/** The first middleware is the outermost. */
export function composeMiddleware(middleware: readonly ToolMiddleware[], terminal: Next): Next {
  return middleware.reduceRight<Next>((next, mw) => (inv) => mw(inv, next), terminal);
}

/** The call's identity inside one run: tool name and canonical arguments. */
export type CallKey = string;
