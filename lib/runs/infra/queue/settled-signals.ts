/**
 * "This claim's turn is over": resolves the `done` of whoever accepted the turn. In one process the
 * job handler fires it with the turn's result; in queue mode the worker's notification fires it
 * (without a result) in every web process, and a slow poll of the lease row backs it up.
 */
import type { TurnResult } from "../../engine/execute-turn";

export class SettledSignals {
  private readonly waiters = new Map<string, Array<(result: TurnResult | null) => void>>();

  wait(token: string): Promise<TurnResult | null> {
    return new Promise((resolve) => {
      const list = this.waiters.get(token) ?? [];
      list.push(resolve);
      this.waiters.set(token, list);
    });
  }

  fire(token: string, result: TurnResult | null = null): void {
    const list = this.waiters.get(token);
    if (!list) return;
    this.waiters.delete(token);
    for (const resolve of list) resolve(result);
  }
}
