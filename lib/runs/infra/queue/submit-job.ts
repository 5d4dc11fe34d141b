/**
 * The one way work reaches the run queue, for turns, commands, replays and resumes, in every role: claim the
 * conversation with a `RunLease` row (a second claim fails, whichever process it reaches), let the
 * caller admit it (its refusals release the claim and append nothing), then hand the job to the
 * queue — the in-process one in `all`, pg-boss in queue mode. `done` settles when the job is over.
 */
import type { TurnResult } from "../../engine/execute-turn";
import type { RunRuntime } from "../runtime";
import { ensureLocalWorker } from "./local-worker";
import type { RunJob } from "./run-job";
import { claimLease, releaseLease } from "./run-lease";
import { waitSettled } from "./wait-settled";

export interface SubmittedJob {
  /** The job's result when this process executed it; null when another one did. */
  done: Promise<TurnResult | null>;
}

/** The submitted job, or null when the conversation is already claimed. */
export async function submitJob(
  rt: RunRuntime,
  job: RunJob,
  admit: () => Promise<void> = async () => {},
): Promise<SubmittedJob | null> {
  if (!(await claimLease(rt.db, job))) return null;
  try {
    await admit();
    const done = waitSettled(rt, job.token);
    void done.finally(() => rt.admitted.delete(job.token));
    ensureLocalWorker(rt);
    await rt.queue.submit(job);
    return { done };
  } catch (err) {
    rt.admitted.delete(job.token);
    await releaseLease(rt.db, job.token);
    throw err;
  }
}
