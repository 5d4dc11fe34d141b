/** The chain one run dispatches its tool calls through (see middleware.ts for the order and why). */
import type { Clock, RunActor, RunStore } from "../ports";
import { audit } from "./audit";
import { idempotency } from "./idempotency";
import { memoize } from "./memoize";
import { metering, newToolMeter, type ToolMeter } from "./metering";
import { composeMiddleware, type Next } from "./middleware";
import { newRetryState, retry, type RetryState } from "./retry";
import { replay, type ReplaySession } from "./replay";
import { experimentMocks, type ExperimentSession } from "./experiment-mocks";
import { tracing } from "./tracing";
import type { Autonomy } from "../../../agents/autonomy.shared";

export function createDispatchChain(options: {
  clock: Clock;
  store: Pick<RunStore, "audit">;
  actor: RunActor;
  meter: ToolMeter;
  retries: number;
  retryState: RetryState;
  /** In a replay: its session and the agent's tier (an unmatched call the tier would hold is refused). */
  replay?: { session: ReplaySession; autonomy: Autonomy };
  /** In an experiment's conversation: the case's mocks (tool-dispatch/experiment-mocks.ts). */
  experiment?: ExperimentSession;
}): Next {
  return composeMiddleware(
    [
      tracing(options.clock),
      metering(options.meter),
      retry(options.retries, options.retryState),
      // Before audit: a call answered from the record or refused ran nothing, so nothing is audited.
      ...(options.replay ? [replay(options.replay.session, options.replay.autonomy)] : []),
      ...(options.experiment ? [experimentMocks(options.experiment)] : []),
      audit(options.store, options.actor),
      idempotency(),
      memoize(),
    ],
    async (inv) => {
      try {
        return {
          outcome: await inv.tool.execute(inv.args, { ...inv.scope, actorId: options.actor.id }),
          durationMs: 0,
        };
      } catch (err) {
        // A tool's infrastructure failed (its store, loading a child agent): the model is told so.
        const message = err instanceof Error ? err.message : String(err);
        return {
          outcome: {
            ok: false,
            error: { type: "ToolExecutionError", message: `tool '${inv.tool.name}' failed: ${message}` },
          },
          durationMs: 0,
        };
      }
    },
  );
}

/**
 * The chain a decided call runs through outside its run's loop — an approved call when its run
 * resumes, a call retried by reconciliation — so it is traced, metered and audited like any call.
 */
export function decidedCallChain(
  deps: { clock: Clock; store: Pick<RunStore, "audit">; experiment?: ExperimentSession },
  actor: RunActor,
  retries: number,
): Next {
  return createDispatchChain({
    clock: deps.clock,
    store: deps.store,
    experiment: deps.experiment,
    actor,
    meter: newToolMeter(),
    retries,
    retryState: newRetryState(),
  });
}
