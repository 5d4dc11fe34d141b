/**
 * Memoize: a pure call (declared `sideEffecting: false` and `idempotent: true`) repeated with the
 * same arguments within one run is answered from the first successful result. Side-effecting calls
 * are refused outright — caching one would report success for an action that never happened.
 */
import { canonicalJson } from "../canonical-json";
import type { DispatchResult, ToolMiddleware } from "./middleware";

export function memoize(cache: Map<string, DispatchResult> = new Map()): ToolMiddleware {
  return async (inv, next) => {
    if (inv.tool.sideEffecting || !inv.tool.idempotent) return next(inv);
    const key = `${inv.tool.name}\u0000${canonicalJson(inv.args)}`;
    const hit = cache.get(key);
    if (hit) return { ...hit, memoized: true };
    const result = await next(inv);
    if (result.outcome.ok) cache.set(key, result);
    return result;
  };
}
