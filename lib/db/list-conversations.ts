/** Conversations with their agent and last run, newest first. */
import type { Db } from "./client";

export interface ConversationSummary {
  id: string;
  title: string | null;
  agentId: string;
  agentName: string;
  runs: number;
  lastRunStatus: string | null;
  pendingApprovals: number;
  updatedAt: string;
}

export async function listConversations(db: Db, limit = 100): Promise<ConversationSummary[]> {
  const rows = await db.conversation.findMany({
    orderBy: { updatedAt: "desc" },
    take: limit,
    include: {
      agent: { select: { name: true } },
      runs: { orderBy: { startedAt: "desc" }, take: 1, select: { status: true } },
      _count: { select: { runs: true, approvals: { where: { status: "pending" } } } },
    },
  });
  return rows.map((c) => ({
    id: c.id,
    title: c.title,
    agentId: c.agentId,
    agentName: c.agent.name,
    runs: c._count.runs,
    lastRunStatus: c.runs[0]?.status ?? null,
    pendingApprovals: c._count.approvals,
    updatedAt: c.updatedAt.toISOString(),
  }));
}
