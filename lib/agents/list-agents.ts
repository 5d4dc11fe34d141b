/** Agents of the studio, for the agents list: each with its latest version and where `production` points. */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";
import type { AgentSummary } from "./agent-summary.shared";
import { activeModelOf, type VersionConfig } from "./agent-version-config.shared";
import type { AgentWideState } from "./agent-view";
import { DEFAULT_LABEL } from "./agent-label.shared";
import { modelRosterKey } from "../models/providers.shared";

export async function listAgents(db: Db): Promise<AgentSummary[]> {
  const agents = await db.agent.findMany({
    orderBy: { name: "asc" },
    include: {
      _count: { select: { conversations: true } },
      labels: { where: { label: DEFAULT_LABEL }, select: { version: true } },
    },
  });
  const latest = agents.length
    ? await db.agentVersion.findMany({
        where: { OR: agents.map((a) => ({ agentId: a.id, version: a.latestVersion })) },
        select: { agentId: true, config: true },
      })
    : [];
  const configOf = new Map(latest.map((v) => [v.agentId, readJsonColumn<Partial<VersionConfig>>(v.config)]));
  return agents.map((a) => {
    // Stored configs were validated on save; a row written by hand may still lack parts.
    const config = configOf.get(a.id) ?? {};
    const wide = readJsonColumn<Partial<AgentWideState> | null>(a.config) ?? {};
    let activeModel: string | null = null;
    try {
      activeModel = modelRosterKey(
        activeModelOf({ model: config.model, roster: config.roster ?? [] }, wide.model ?? null),
      );
    } catch {
      activeModel = null;
    }
    return {
      id: a.id,
      name: a.name,
      description: config.description ?? "",
      activeModel,
      rosterSize: config.roster?.length ?? 0,
      autonomy: config.autonomy ?? "auto",
      tools: config.tools?.length ?? 0,
      conversations: a._count.conversations,
      version: a.latestVersion,
      production: a.labels[0]?.version ?? null,
      updatedAt: a.updatedAt.toISOString(),
    };
  });
}
