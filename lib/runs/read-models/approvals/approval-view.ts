/** An approval as the API answers it (its shape, `ApprovalView`, is in lib/runs/read-models/approvals/list-approvals.shared.ts). */
import type { Db } from "../../../db/client";
import { readJsonColumn } from "../../../db/json-column";
import { approvalOutcome } from "./approval-outcome";
import { ApprovalTarget, type ApprovalDecision, type ApprovalStatus, type ApprovalView } from "./list-approvals.shared";

export type { ApprovalView };

/** An Approval row's `target` column as its type: null when unset (or not one this version knows). */
export function readApprovalTarget(value: Parameters<typeof readJsonColumn>[0]): ApprovalTarget | null {
  const parsed = ApprovalTarget.safeParse(readJsonColumn<unknown>(value));
  return parsed.success ? parsed.data : null;
}

type ApprovalRow = Awaited<ReturnType<Db["approval"]["findFirstOrThrow"]>>;

export function toApprovalView(a: ApprovalRow): ApprovalView {
  return {
    id: a.id,
    conversationId: a.conversationId,
    runId: a.runId,
    toolCallId: a.toolCallId,
    toolName: a.toolName,
    arguments: a.arguments,
    argumentsHash: a.argumentsHash,
    target: readApprovalTarget(a.target),
    status: a.status as ApprovalStatus,
    decision: a.decision as ApprovalDecision | null,
    decidedBy: a.decidedBy,
    reason: a.reason,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    result: a.result ?? null,
    outcome: approvalOutcome(a.result),
    createdAt: a.createdAt.toISOString(),
  };
}
