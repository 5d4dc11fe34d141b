/**
 * Idempotency: an identical side-effecting call (same tool, same canonical arguments) repeated
 * within one run is answered with the first call's outcome instead of running again — an
 * at-least-once model must not fire a mutation twice. The key includes the run, so a replay never
 * crosses runs. Calls rejected before the body ran (ToolArgumentError) are not remembered.
 * The memory tool's commands share one state (the agent's files): once another memory command has
 * run, an identical command may mean something else (a `view` after a `str_replace` or `delete`),
 * so its earlier outcomes are forgotten and only a repeat with nothing in between is replayed. The
 * workspace tools (write_file, edit_file) share one state the same way, across the set.
 */
import { canonicalJson } from "../canonical-json";
import type { DispatchResult, ToolMiddleware } from "./middleware";

export function idempotency(seen: Map<string, Promise<DispatchResult>> = new Map()): ToolMiddleware {
  return async (inv, next) => {
    if (!inv.tool.sideEffecting) return next(inv);
    // One state per family: the memory tool's commands, the workspace set's writes.
    const family = inv.tool.kind === "workspace" ? "workspace" : inv.tool.name;
    const key = `${inv.scope.runId}\u0000${family}\u0000${inv.tool.name}\u0000${canonicalJson(inv.args)}`;
    const earlier = seen.get(key);
    if (earlier) return { ...(await earlier), replayed: true };
    if (inv.tool.kind === "memory" || inv.tool.kind === "workspace") {
      const ofTool = `${inv.scope.runId}\u0000${family}\u0000`;
      for (const k of [...seen.keys()]) if (k.startsWith(ofTool)) seen.delete(k);
    }
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
