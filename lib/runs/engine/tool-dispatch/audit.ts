/** Audit: every side-effecting call is written to the audit log — who, which run, what, outcome. */
import { canonicalHash } from "../canonical-json";
import type { RunActor, RunStore } from "../ports";
import type { ToolMiddleware } from "./middleware";

export function audit(store: Pick<RunStore, "audit">, actor: RunActor): ToolMiddleware {
  return async (inv, next) => {
    const result = await next(inv);
    if (inv.tool.sideEffecting) {
      await store.audit({
        actorId: actor.id,
        actor: actor.name,
        action: "tool.call",
        target: inv.tool.name,
        details: {
          conversationId: inv.scope.conversationId,
          runId: inv.scope.runId,
          toolCallId: inv.scope.toolCallId,
          argumentsHash: canonicalHash(inv.args),
          ok: result.outcome.ok,
          ...(result.outcome.ok ? {} : { errorType: result.outcome.error.type }),
          ...(result.replayed ? { replayed: true } : {}),
        },
      });
    }
    return result;
  };
}
