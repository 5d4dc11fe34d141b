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
  argumentsHash: string;
  agentId: string;
  agentName: string;
  status: string;
  result: unknown;
  decision: string | null;
  decidedBy: string | null;
  reason: string | null;
  decidedAt: string | null;
  createdAt: string;
}

export async function listApprovals(db: Db, filter: ApprovalFilter, limit = 200): Promise<ApprovalSummary[]> {
  const rows = await db.approval.findMany({
    where:
      filter === "pending"
        ? { status: { in: ["pending", "outcome_unknown"] } }
        : { status: { notIn: ["pending", "outcome_unknown"] } },
    include: { run: { select: { agentId: true } } },
    orderBy: filter === "pending" ? { createdAt: "asc" } : { decidedAt: "desc" },
    take: limit,
  });
  const agentIds = [...new Set(rows.map((a) => a.run.agentId))];
  const agentNames = new Map(
    (await db.agent.findMany({ where: { id: { in: agentIds } }, select: { id: true, name: true } })).map((a) => [
      a.id,
      a.name,
    ]),
  );
  return rows.map((a) => ({
    id: a.id,
    conversationId: a.conversationId,
    runId: a.runId,
    toolCallId: a.toolCallId,
    toolName: a.toolName,
    arguments: a.arguments,
    argumentsHash: a.argumentsHash,
    agentId: a.run.agentId,
    agentName: agentNames.get(a.run.agentId) ?? "(deleted agent)",
    status: a.status,
    result: a.result ?? null,
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
