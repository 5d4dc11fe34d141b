/** The approval inbox: pending calls across all conversations, or the decided history. */
import type { Db } from "./client";

export type ApprovalFilter = "pending" | "decided";

export interface ApprovalSummary {
  id: string;
  conversationId: string;
  runId: string;
  toolCallId: string;
  toolName: string;
  arguments: unknown;
  status: string;
  decision: string | null;
  decidedBy: string | null;
  reason: string | null;
  decidedAt: string | null;
  createdAt: string;
}

export async function listApprovals(db: Db, filter: ApprovalFilter, limit = 200): Promise<ApprovalSummary[]> {
  const rows = await db.approval.findMany({
    where: filter === "pending" ? { status: "pending" } : { status: { not: "pending" } },
    orderBy: filter === "pending" ? { createdAt: "asc" } : { decidedAt: "desc" },
    take: limit,
  });
  return rows.map((a) => ({
    id: a.id,
    conversationId: a.conversationId,
    runId: a.runId,
    toolCallId: a.toolCallId,
    toolName: a.toolName,
    arguments: a.arguments,
    status: a.status,
    decision: a.decision,
    decidedBy: a.decidedBy,
    reason: a.reason,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
  }));
}

export async function countPendingApprovals(db: Db): Promise<number> {
  return db.approval.count({ where: { status: "pending" } });
}
