/**
 * Memoize: a pure call (declared `sideEffecting: false` and `idempotent: true`) repeated with the
 * same arguments within one run is answered from the first successful result. The first call is
 * remembered while it is still running, so identical calls of one step (which run concurrently)
 * wait for it instead of running the body again; when it fails, a waiting call runs on its own.
 * Side-effecting calls are refused outright — caching one would report success for an action that
 * never happened.
 */
import { canonicalJson } from "../canonical-json";
import type { DispatchResult, ToolMiddleware } from "./middleware";

export function memoize(cache: Map<string, Promise<DispatchResult>> = new Map()): ToolMiddleware {
  return async (inv, next) => {
    if (inv.tool.sideEffecting || !inv.tool.idempotent) return next(inv);
    const key = `${inv.tool.name}\u0000${canonicalJson(inv.args)}`;
    const earlier = cache.get(key);
    if (earlier) {
      const hit = await earlier.catch(() => null);
      if (hit?.outcome.ok) return { ...hit, memoized: true };
    }
    const pending = next(inv);
    cache.set(key, pending);
    const forget = () => {
      if (cache.get(key) === pending) cache.delete(key);
    };
    try {
      const result = await pending;
      if (!result.outcome.ok) forget();
      return result;
    } catch (err) {
      forget();
      throw err;
    }
  };
}
