/**
 * The approval inbox: pending calls across all conversations, or the decided history — never an
 * eval case's (an experiment answers its own approvals, docs/evals.md). Its shape,
 * `ApprovalSummary`, is declared in list-approvals.shared.ts (the contract and the page use it).
 */
import type { Db } from "../../../db/client";
import { NOT_AN_EXPERIMENT } from "../../../evals/experiment-conversations";
import { toApprovalView } from "./approval-view";
import type { ApprovalFilter, ApprovalSummary } from "./list-approvals.shared";

export async function listApprovals(db: Db, filter: ApprovalFilter, limit = 200): Promise<ApprovalSummary[]> {
  const rows = await db.approval.findMany({
    where:
      filter === "pending"
        ? { status: { in: ["pending", "outcome_unknown"] }, conversation: NOT_AN_EXPERIMENT }
        : { status: { notIn: ["pending", "outcome_unknown"] }, conversation: NOT_AN_EXPERIMENT },
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
    ...toApprovalView(a),
    agentId: a.run.agentId,
    agentName: agentNames.get(a.run.agentId) ?? "(deleted agent)",
    caller: (() => {
      const callerId = a.run.parentRunId ? callerOf.get(a.run.parentRunId) : undefined;
      return callerId ? { agentId: callerId, agentName: agentNames.get(callerId) ?? "(deleted agent)" } : null;
    })(),
  }));
}

export async function countPendingApprovals(db: Db): Promise<number> {
  return db.approval.count({ where: { status: "pending", conversation: NOT_AN_EXPERIMENT } });
}
