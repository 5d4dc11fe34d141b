/**
 * Waits until a claim's turn is over. In one process the job handler signals it; in queue mode the
 * worker's `atelier_settled` notification does, and a poll of the lease row every 2 s covers a
 * notification that never arrived (a worker killed before sending it: the lease is then taken over,
 * and released by whoever finishes the turn).
 */
import type { TurnResult } from "../../engine/execute-turn";
import type { RunRuntime } from "../runtime";

const POLL_MS = 2000;

export function waitSettled(rt: RunRuntime, token: string): Promise<TurnResult | null> {
  const signalled = rt.settled.wait(token);
  if (!rt.queueMode) return signalled;
  return new Promise((resolve) => {
    let over = false;
    const finish = (result: TurnResult | null) => {
      if (over) return;
      over = true;
      clearInterval(timer);
      resolve(result);
    };
    signalled.then(finish);
    const timer = setInterval(() => {
      rt.db.runLease.findUnique({ where: { token }, select: { token: true } }).then(
        (row) => {
          if (!row) {
            rt.settled.fire(token, null);
            finish(null);
          }
        },
        () => {},
      );
    }, POLL_MS);
    timer.unref();
  });
}
