/**
 * Resuming a run whose approvals are all decided. In one process (`all`) the run resumes here, in the
 * background; in queue mode the deciding web process claims the conversation and enqueues a resume
 * job, so a worker resumes it and every web process following the conversation streams it.
 */
import { resumeRun } from "../../use-cases/resume-run";
import type { TurnResult } from "../../engine/execute-turn";
import type { RunActor } from "../../engine/ports";
import type { RunRuntime } from "../runtime";
import type { RunJob } from "./run-job";
import { claimLease, newLeaseToken, releaseLease } from "./run-lease";
import { waitSettled } from "./wait-settled";

export async function submitResume(
  rt: RunRuntime,
  run: { id: string; conversationId: string },
  actor: RunActor,
): Promise<{ done: Promise<TurnResult | null> } | null> {
  if (!rt.queueMode) return { done: resumeRun(rt, run.id, actor) };
  const job: RunJob = {
    kind: "resume",
    conversationId: run.conversationId,
    token: newLeaseToken(),
    runId: run.id,
    actor,
  };
  if (!(await claimLease(rt.db, job))) return null;
  try {
    const done = waitSettled(rt, job.token);
    await rt.queue.submit(job);
    return { done };
  } catch (err) {
    await releaseLease(rt.db, job.token);
    throw err;
  }
}
