/** Agents of the studio, for the agents list. */
import type { Db } from "./client";

export interface AgentSummary {
  id: string;
  name: string;
  activeModel: string | null;
  tools: number;
  conversations: number;
  updatedAt: string;
}

export async function listAgents(db: Db): Promise<AgentSummary[]> {
  const agents = await db.agent.findMany({
    orderBy: { name: "asc" },
    include: { _count: { select: { tools: true, conversations: true } } },
  });
  return agents.map((a) => ({
    id: a.id,
    name: a.name,
    activeModel: activeModelKey(a.config),
    tools: a._count.tools,
    conversations: a._count.conversations,
    updatedAt: a.updatedAt.toISOString(),
  }));
}

function activeModelKey(config: unknown): string | null {
  const model = (config as { model?: unknown } | null)?.model;
  const active = Array.isArray(model) ? model[0] : model;
  if (active && typeof active === "object" && "provider" in active && "model" in active) {
    return `${String((active as { provider: unknown }).provider)}:${String((active as { model: unknown }).model)}`;
  }
  return null;
}
