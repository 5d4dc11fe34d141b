/**
 * Approvals during an eval (docs/evals.md): a held call is recorded as usual (an `Approval` row and
 * `ApprovalRequested`, so `approvalRequested` expectations see it) but never waits for a person —
 * the case answers it. The case's `approvalRequested {tool, answer}` for that tool decides it
 * (`approve` or `deny`); with no such expectation it is denied with the reason "no answer in the
 * case" and the case fails. Each decision is recorded as `ApprovalDecided` (decided by "eval
 * case"), then the suspended runs resume in this job's claim, deepest first (a child's answer
 * flows up to its caller, use-cases/resume-run.ts), until nothing is pending.
 */
import type { Expectation } from "../../evals/dataset.shared";
import { newEvent } from "../../events/event-types";
import type { TurnResult } from "../engine/execute-turn";
import type { RunActor } from "../engine/ports";
import type { ActiveTurn } from "../infra/active-runs";
import type { RunRuntime } from "../infra/runtime";
import { resumeRun } from "./resume-run";

export const EVAL_DECIDER = "eval case";
export const NO_ANSWER_IN_THE_CASE = "no answer in the case";
/** Rounds of approvals one turn may go through (a loop that keeps asking is cut off). */
const MAX_ROUNDS = 20;

export interface EvalApprovalsInput {
  conversationId: string;
  expect: readonly Expectation[];
  actor: RunActor;
  turn: ActiveTurn;
}

export async function answerEvalApprovals(
  rt: RunRuntime,
  input: EvalApprovalsInput,
): Promise<{ last: TurnResult | null; failure: { type: string; message: string } | null }> {
  const { db } = rt;
  let last: TurnResult | null = null;
  let failure: { type: string; message: string } | null = null;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (input.turn.controller.signal.aborted) break;
    const pending = await db.approval.findMany({
      where: { conversationId: input.conversationId, status: "pending" },
      orderBy: { createdAt: "asc" },
    });
    if (pending.length === 0) break;
    for (const a of pending) {
      const answer = input.expect.find(
        (e): e is Extract<Expectation, { kind: "approvalRequested" }> =>
          e.kind === "approvalRequested" && e.tool === a.toolName,
      );
      const decision = answer?.answer ?? "deny";
      const reason = answer ? `answered by the eval case (${answer.answer})` : NO_ANSWER_IN_THE_CASE;
      if (!answer)
        failure ??= {
          type: "ApprovalUnanswered",
          message: `an approval of '${a.toolName}' was requested, and there is no answer in the case (an approvalRequested expectation)`,
        };
      const { count } = await db.approval.updateMany({
        where: { id: a.id, status: "pending" },
        data: {
          status: decision === "approve" ? "approved" : "denied",
          decision,
          reason,
          decidedBy: EVAL_DECIDER,
          decidedAt: new Date(),
        },
      });
      if (count === 0) continue;
      await rt.deps.store.appendEvents(input.conversationId, [
        {
          event: newEvent(a.runId, "ApprovalDecided", {
            approvalId: a.id,
            decision,
            reason,
            decidedBy: EVAL_DECIDER,
          }),
        },
      ]);
    }
    const runs = await db.run.findMany({
      where: { id: { in: [...new Set(pending.map((a) => a.runId))] }, status: "suspended" },
      orderBy: { depth: "desc" },
      select: { id: true },
    });
    for (const run of runs) last = (await resumeRun(rt, run.id, input.actor, { claimed: input.turn })) ?? last;
  }
  return { last, failure };
}
