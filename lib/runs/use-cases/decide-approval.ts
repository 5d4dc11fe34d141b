/**
 * Deciding a held call, once. The decision must name the approval's argument hash (a decision for
 * a stale or different call is refused: ApprovalMismatch); `pending → approved|denied` is one
 * conditional update, so of twenty concurrent decisions exactly one wins, the same decision
 * repeated answers the same outcome, and a different one is refused (ApprovalDecided). The
 * decision is recorded as ApprovalDecided and in the audit log; when it was the run's last pending
 * call, the run resumes in the background.
 */
import { recordAudit } from "../../auth/audit-log";
import { NotFoundError } from "../../errors";
import { newEvent } from "../../events/event-types";
import type { RunActor } from "../engine/ports";
import type { RunRuntime } from "../infra/runtime";
import { ApprovalDecidedError, ApprovalMismatchError } from "./approval-errors";
import { toApprovalView, type ApprovalView } from "../read-models/approvals/approval-view";
import { submitResume } from "../infra/queue/submit-resume";
import { notifyApprovalDecided } from "../infra/run-webhooks";

export interface DecisionInput {
  approvalId: string;
  decision: "approve" | "deny";
  reason: string | null;
  argumentsHash: string;
  actor: RunActor;
}

export interface DecisionResult {
  approval: ApprovalView;
  /** Settles when the resumed run finishes (null when the run still waits for other decisions). */
  resumed: Promise<unknown> | null;
}

export async function decideApproval(rt: RunRuntime, input: DecisionInput): Promise<DecisionResult> {
  const { db } = rt;
  const approval = await db.approval.findUnique({ where: { id: input.approvalId } });
  if (!approval) throw new NotFoundError(`No approval with id '${input.approvalId}'.`);
  if (approval.argumentsHash !== input.argumentsHash) throw new ApprovalMismatchError(approval.id);
  const status = input.decision === "approve" ? "approved" : "denied";
  const { count } = await db.approval.updateMany({
    where: { id: approval.id, status: "pending" },
    data: {
      status,
      decision: input.decision,
      reason: input.reason,
      decidedById: input.actor.id,
      decidedBy: input.actor.name,
      decidedAt: new Date(),
    },
  });
  if (count === 0) {
    const now = await db.approval.findUniqueOrThrow({ where: { id: approval.id } });
    if (now.decision === input.decision) return { approval: toApprovalView(now), resumed: null };
    throw new ApprovalDecidedError(now.id, now.status, now.decision, now.decidedBy);
  }
  await rt.deps.store.appendEvents(approval.conversationId, [
    {
      event: newEvent(approval.runId, "ApprovalDecided", {
        approvalId: approval.id,
        decision: input.decision,
        reason: input.reason,
        decidedBy: input.actor.name,
      }),
    },
  ]);
  await recordAudit(db, {
    actor: { id: input.actor.id, name: input.actor.name ?? "unknown" },
    action: "approval.decide",
    target: `approval:${approval.id}`,
    details: {
      decision: input.decision,
      reason: input.reason,
      toolName: approval.toolName,
      runId: approval.runId,
      conversationId: approval.conversationId,
    },
  });
  notifyApprovalDecided(rt, approval.id); // webhooks: approval.decided
  const remaining = await db.approval.count({ where: { runId: approval.runId, status: "pending" } });
  // In one process the run resumes in the background; in queue mode a worker resumes it.
  const resumed =
    remaining === 0
      ? ((await submitResume(rt, { id: approval.runId, conversationId: approval.conversationId }, input.actor))?.done ??
        null)
      : null;
  resumed?.catch((err) => rt.logger.error({ err, runId: approval.runId }, "resuming the run failed"));
  return { approval: toApprovalView(await db.approval.findUniqueOrThrow({ where: { id: approval.id } })), resumed };
}
