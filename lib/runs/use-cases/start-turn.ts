/**
 * Accepting a user message: every refusal happens here, before anything is appended — unknown
 * conversation, a turn already claimed or executing (RunInProgress), a run waiting for approval
 * without `supersede` (RunSuspended), a spent agent (AgentUsageLimitError), a spent budget (402
 * `BudgetExceeded`, lib/budgets/check-budgets.ts). Then the turn is
 * submitted to the run queue (infra/queue/submit-job.ts) — executed in this process (`all`), or by a
 * worker (queue mode) — and `done` settles when it is over (with its result when it ran here).
 *
 * Before any of that, the sender's running-turn slot (`turns`, turn-limits.ts): 429 when it already
 * runs as many turns as one user may.
 *
 * The claim that makes a second message a 409 is a `RunLease` row in every role (the same row a
 * resume or a manual compaction claims), so it holds whichever process the second message reaches.
 */
import { ConversationNotFoundError } from "../read-models/conversations/conversation-not-found-error";
import { preflightAgent, type TurnResult } from "../engine/execute-turn";
import type { AgentRecord } from "../engine/ports";
import { claimedRunId, newLeaseToken } from "../infra/queue/run-lease";
import type { RunJob } from "../infra/queue/run-job";
import { submitJob } from "../infra/queue/submit-job";
import { RunInProgressError, RunSuspendedError } from "../engine/run-errors";
import type { RunRuntime } from "../infra/runtime";
import type { RunActor } from "../engine/ports";
import type { RunningTurns } from "./turn-limits";
import { supersedeSuspendedRun } from "../infra/store/supersede-suspended-run";
import { assertWithinBudgets } from "../../budgets/check-budgets";
import { notifyJobSettled } from "../infra/run-webhooks";
import {
  readAdmittableConversation,
  readOpenRun,
  setTitleOnce,
  type AdmittableConversation,
} from "../infra/store/turn-admission-rows";

export interface StartTurnInput {
  conversationId: string;
  content: string;
  supersede?: boolean;
  /**
   * The sender may decide approvals (approver or admin): needed for `supersede`, which denies the
   * calls a suspended run waits on. Unset counts as no.
   */
  mayDecideApprovals?: boolean;
  actor: RunActor;
  /**
   * The running-turn cap (server.limits.turns, turn-limits.ts): the actor's slot is taken before
   * anything else (429 when it runs as many turns as it may) and released when the turn is over.
   * Unset (scripts, benchmarks) or an actor without an id: no cap.
   */
  turns?: RunningTurns;
}

export interface StartedTurn {
  /** The turn's result when this process executed it; null when a worker did (queue mode). */
  done: Promise<TurnResult | null>;
}

export async function startTurn(rt: RunRuntime, input: StartTurnInput): Promise<StartedTurn> {
  const release = input.turns && input.actor.id ? input.turns.take(input.actor.id) : null;
  if (!release) return accept(rt, input);
  try {
    const started = await accept(rt, input);
    started.done.then(release, release);
    return started;
  } catch (err) {
    release();
    throw err;
  }
}

async function accept(rt: RunRuntime, input: StartTurnInput): Promise<StartedTurn> {
  const conversation = await readAdmittableConversation(rt.db, input.conversationId);
  if (!conversation) throw new ConversationNotFoundError(input.conversationId);
  rt.writer.prime(conversation.id, conversation.lastSeq);
  const job: RunJob = {
    kind: "turn",
    conversationId: conversation.id,
    token: newLeaseToken(),
    content: input.content,
    actor: input.actor,
  };
  const submitted = await submitJob(rt, job, async () => {
    rt.admitted.set(job.token, await admit(rt, conversation, input));
  });
  if (!submitted) throw new RunInProgressError(await claimedRunId(rt.db, conversation.id));
  return submitted;
}

/** The refusals that depend on stored state, then the effects of accepting (supersede, title). */
async function admit(
  rt: RunRuntime,
  conversation: AdmittableConversation,
  input: StartTurnInput,
): Promise<AgentRecord> {
  const { db, deps } = rt;
  const open = await readOpenRun(db, conversation.id);
  if (open?.status === "running") throw new RunInProgressError(open.id);
  const suspended = open?.status === "suspended" ? open : null;
  // Superseding denies the calls the run waits on: a decision only an approver (or admin) may make.
  if (suspended && !(input.supersede && input.mayDecideApprovals)) {
    // Every call the conversation waits on: a suspended caller of an agent may hold its own too.
    const approvals = await db.approval.findMany({
      where: { conversationId: conversation.id, status: { in: ["pending", "approved", "executing"] } },
      orderBy: { createdAt: "asc" },
      select: { id: true, toolName: true, toolCallId: true },
    });
    throw new RunSuspendedError(suspended.id, approvals, input.mayDecideApprovals === true);
  }
  const admitted = await deps.agents.load(conversation.agentId, { conversationId: conversation.id, conversation });
  await preflightAgent(deps, admitted);
  // The budgets covering this turn (workspace, agent, user, API token), against stored spend.
  await assertWithinBudgets(db, {
    agentId: conversation.agentId,
    userId: input.actor.id,
    apiTokenId: input.actor.apiTokenId ?? null,
  });
  if (suspended) {
    const supersededAt = new Date();
    await supersedeSuspendedRun(db, deps.store, suspended.id, input.actor);
    notifyJobSettled(rt, conversation.id, supersededAt); // webhooks: the denials and the run's end
  }
  if (!conversation.title) {
    const title = input.content.replace(/\s+/g, " ").trim();
    await setTitleOnce(db, conversation.id, title.length > 80 ? `${title.slice(0, 77)}…` : title);
  }
  return admitted;
}
