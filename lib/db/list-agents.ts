/** Agents of the studio, for the agents list. */
import type { Db } from "./client";

export interface AgentSummary {
  id: string;
  name: string;
  description: string;
  activeModel: string | null;
  /** Entries in the model roster; 0 for a single-model agent. */
  rosterSize: number;
  autonomy: string;
  tools: number;
  conversations: number;
  updatedAt: string;
}

export async function listAgents(db: Db): Promise<AgentSummary[]> {
  const agents = await db.agent.findMany({
    orderBy: { name: "asc" },
    include: { _count: { select: { tools: true, conversations: true } } },
  });
  return agents.map((a) => {
    const config = (a.config ?? {}) as { description?: unknown; roster?: unknown; autonomy?: unknown };
    return {
      id: a.id,
      name: a.name,
      description: typeof config.description === "string" ? config.description : "",
      activeModel: activeModelKey(a.config),
      rosterSize: Array.isArray(config.roster) ? config.roster.length : 0,
      autonomy: typeof config.autonomy === "string" ? config.autonomy : "auto",
      tools: a._count.tools,
      conversations: a._count.conversations,
      updatedAt: a.updatedAt.toISOString(),
    };
  });
}

function activeModelKey(config: unknown): string | null {
  const model = (config as { model?: unknown } | null)?.model;
  const active = Array.isArray(model) ? model[0] : model;
  if (active && typeof active === "object" && "provider" in active && "model" in active) {
    return `${String((active as { provider: unknown }).provider)}:${String((active as { model: unknown }).model)}`;
  }
  return null;
}
