/**
 * Claiming a conversation for work this process does itself, outside the run queue (a manual
 * compaction or clear): the same `RunLease` row a turn claims, owned by this process at once and
 * renewed while the work runs, so no turn or resume starts meanwhile in any process, and the work
 * is registered with its abort controller. A claim held elsewhere is a 409 RunInProgress.
 */
import { RunInProgressError } from "../engine/run-errors";
import type { ActiveTurn } from "./active-runs";
import { keepLease } from "./queue/execute-job";
import { claimedRunId, claimHold, newLeaseToken, releaseLease } from "./queue/run-lease";
import type { RunRuntime } from "./runtime";

export interface HeldConversation {
  turn: ActiveTurn;
  /** Lets go of the claim (idempotent). */
  release: () => Promise<void>;
}

export async function holdConversation(rt: RunRuntime, conversationId: string): Promise<HeldConversation> {
  const token = newLeaseToken();
  if (!(await claimHold(rt.db, conversationId, token, rt.executor.owner, rt.executor.leaseMs))) {
    throw new RunInProgressError(await claimedRunId(rt.db, conversationId));
  }
  const turn = rt.active.start(conversationId, token);
  if (!turn) {
    await releaseLease(rt.db, token);
    throw new RunInProgressError(rt.active.get(conversationId)?.runIds[0] ?? "queued");
  }
  const renewal = keepLease({ rt, lease: rt.executor }, token, turn);
  let released = false;
  return {
    turn,
    release: async () => {
      if (released) return;
      released = true;
      renewal.stop();
      rt.active.release(turn);
      await releaseLease(rt.db, token);
    },
  };
}
