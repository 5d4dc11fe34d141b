/**
 * Waits until a claim's job is over. The process executing it signals it (settled-signals.ts) —
 * this one's handler directly, a queue worker's through its `atelier_settled` notification — and a
 * poll of the lease row every 2 s covers a signal that never arrives (a worker killed before
 * sending it: its lease is taken over and released by whoever finishes the job). The poll leaves
 * alone a claim this process still executes: its handler settles it with the result.
 */
import type { TurnResult } from "../../engine/execute-turn";
import type { RunRuntime } from "../runtime";

const POLL_MS = 2000;

export function waitSettled(rt: RunRuntime, token: string): Promise<TurnResult | null> {
  const signalled = rt.settled.wait(token);
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
          if (!row && !rt.active.executes(token)) {
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
