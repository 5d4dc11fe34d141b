/** An approval as the API answers it. */
import type { Db } from "../../db/client";

export interface ApprovalView {
  id: string;
  conversationId: string;
  runId: string;
  toolCallId: string;
  toolName: string;
  arguments: unknown;
  argumentsHash: string;
  /** pending → approved → executing → done; or denied; or outcome_unknown. */
  status: string;
  decision: string | null;
  decidedBy: string | null;
  reason: string | null;
  decidedAt: string | null;
  result: unknown;
  createdAt: string;
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
    status: a.status,
    decision: a.decision,
    decidedBy: a.decidedBy,
    reason: a.reason,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    result: a.result ?? null,
    createdAt: a.createdAt.toISOString(),
  };
}
