/**
 * Idempotency: an identical side-effecting call (same tool, same canonical arguments) repeated
 * within one run is answered with the first call's outcome instead of running again — an
 * at-least-once model must not fire a mutation twice. The key includes the run, so a replay never
 * crosses runs. Calls rejected before the body ran (ToolArgumentError) are not remembered.
 */
import { canonicalJson } from "../canonical-json";
import type { DispatchResult, ToolMiddleware } from "./middleware";

export function idempotency(seen: Map<string, Promise<DispatchResult>> = new Map()): ToolMiddleware {
  return async (inv, next) => {
    if (!inv.tool.sideEffecting) return next(inv);
    const key = `${inv.scope.runId}\u0000${inv.tool.name}\u0000${canonicalJson(inv.args)}`;
    const earlier = seen.get(key);
    if (earlier) return { ...(await earlier), replayed: true };
    const pending = next(inv);
    seen.set(key, pending);
    try {
      const result = await pending;
      if (!result.outcome.ok && result.outcome.error.type === "ToolArgumentError") seen.delete(key);
      return result;
    } catch (err) {
      seen.delete(key);
      throw err;
    }
  };
}
