/** Agents of the studio, for the agents list. */
import type { Db } from "../db/client";
import type { AgentSummary } from "./agent-summary.shared";
import type { StoredAgentConfig } from "./agent-view";
import { modelRosterKey } from "../models/providers.shared";

export async function listAgents(db: Db): Promise<AgentSummary[]> {
  const agents = await db.agent.findMany({
    orderBy: { name: "asc" },
    include: { _count: { select: { tools: true, conversations: true } } },
  });
  return agents.map((a) => {
    // Stored configs were validated on save; a row written by hand may still lack parts.
    const config = (a.config ?? {}) as Partial<StoredAgentConfig>;
    return {
      id: a.id,
      name: a.name,
      description: config.description ?? "",
      activeModel: config.model ? modelRosterKey(config.model) : null,
      rosterSize: config.roster?.length ?? 0,
      autonomy: config.autonomy ?? "auto",
      tools: a._count.tools,
      conversations: a._count.conversations,
      updatedAt: a.updatedAt.toISOString(),
    };
  });
}
