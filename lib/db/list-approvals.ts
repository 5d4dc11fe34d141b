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
  /** When the asking agent ran as another agent's tool: the agent that called it (and waits on it). */
  caller: { agentId: string; agentName: string } | null;
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
    include: { run: { select: { agentId: true, kind: true, parentRunId: true } } },
    orderBy: filter === "pending" ? { createdAt: "asc" } : { decidedAt: "desc" },
    take: limit,
  });
  const parentIds = [
    ...new Set(rows.flatMap((a) => (a.run.kind === "child" && a.run.parentRunId ? [a.run.parentRunId] : []))),
  ];
  const callerOf = new Map(
    (parentIds.length
      ? await db.run.findMany({ where: { id: { in: parentIds } }, select: { id: true, agentId: true } })
      : []
    ).map((r) => [r.id, r.agentId]),
  );
  const agentIds = [...new Set([...rows.map((a) => a.run.agentId), ...callerOf.values()])];
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
    caller: (() => {
      const callerId = a.run.parentRunId ? callerOf.get(a.run.parentRunId) : undefined;
      return callerId ? { agentId: callerId, agentName: agentNames.get(callerId) ?? "(deleted agent)" } : null;
    })(),
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
