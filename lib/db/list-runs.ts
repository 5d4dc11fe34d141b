/** Runs, newest first, for the traces list. */
import type { Db } from "./client";

export interface RunSummary {
  id: string;
  conversationId: string;
  agentId: string;
  parentRunId: string | null;
  kind: string;
  status: string;
  stopReason: string | null;
  model: string | null;
  requests: number;
  toolCalls: number;
  totalTokens: number;
  /** Integer nano-USD. */
  costNanoUsd: number;
  startedAt: string;
  finishedAt: string | null;
}

export async function listRuns(db: Db, limit = 100): Promise<RunSummary[]> {
  const rows = await db.run.findMany({ orderBy: { startedAt: "desc" }, take: limit });
  return rows.map((r) => ({
    id: r.id,
    conversationId: r.conversationId,
    agentId: r.agentId,
    parentRunId: r.parentRunId,
    kind: r.kind,
    status: r.status,
    stopReason: r.stopReason,
    model: r.model,
    requests: r.requests,
    toolCalls: r.toolCalls,
    totalTokens: r.totalTokens,
    costNanoUsd: Number(r.costNanoUsd),
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  }));
}
