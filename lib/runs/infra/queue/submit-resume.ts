/**
 * Resuming a run whose approvals are all decided: the deciding process claims the conversation
 * and submits a resume job (submit-job.ts), so the resume runs where every job runs — in this
 * process in `all`, on a worker in queue mode — and every process following the conversation
 * streams it. Null when the conversation is claimed already.
 */
import type { RunActor } from "../../engine/ports";
import type { RunRuntime } from "../runtime";
import { newLeaseToken } from "./run-lease";
import { submitJob, type SubmittedJob } from "./submit-job";

export function submitResume(
  rt: RunRuntime,
  run: { id: string; conversationId: string },
  actor: RunActor,
): Promise<SubmittedJob | null> {
  return submitJob(rt, {
    kind: "resume",
    conversationId: run.conversationId,
    token: newLeaseToken(),
    runId: run.id,
    actor,
  });
}
