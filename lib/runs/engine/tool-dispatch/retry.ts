/**
 * Retry: a malformed call the model authored (ToolArgumentError, or a ToolShapeError the tool's
 * output raised) is answered as a clear tool error so the model can repair it on its next turn.
 * Each tool may fail that way `retries` times in one run (the agent's `runtime.retries`); one more
 * marks the run to end with ToolRetriesExceededError once the step's results are recorded.
 */
import { ToolRetriesExceededError } from "../run-errors";
import type { ToolMiddleware } from "./middleware";

const REPAIRABLE = new Set(["ToolArgumentError", "ToolShapeError"]);

export interface RetryState {
  failures: Map<string, number>;
  exceeded: ToolRetriesExceededError | null;
}

export function newRetryState(): RetryState {
  return { failures: new Map(), exceeded: null };
}

/** Counts a repairable failure; true when the tool has now failed more often than allowed. */
export function countRepairableFailure(
  state: RetryState,
  toolName: string,
  errorType: string,
  maxRetries: number,
): boolean {
  if (!REPAIRABLE.has(errorType)) return false;
  const count = (state.failures.get(toolName) ?? 0) + 1;
  state.failures.set(toolName, count);
  if (count > maxRetries && !state.exceeded) state.exceeded = new ToolRetriesExceededError(toolName, maxRetries);
  return count > maxRetries;
}

export function retry(maxRetries: number, state: RetryState): ToolMiddleware {
  return async (inv, next) => {
    const result = await next(inv);
    if (!result.outcome.ok) countRepairableFailure(state, inv.tool.name, result.outcome.error.type, maxRetries);
    return result;
  };
}
