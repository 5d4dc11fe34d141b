/** An agent's versions, newest first, with who saved each and the labels pointing at it. */
import type { Db } from "../db/client";
import { NotFoundError } from "../errors";
import type { AgentVersionSummary } from "./agent-versions.shared";
import { readJsonColumn } from "../db/json-column";
import type { VersionConfig } from "./agent-version-config.shared";

export async function listAgentVersions(db: Db, agentId: string): Promise<AgentVersionSummary[]> {
  const agent = await db.agent.findUnique({ where: { id: agentId }, select: { id: true } });
  if (!agent) throw new NotFoundError(`No agent with id '${agentId}'.`);
  const [versions, labels] = await Promise.all([
    db.agentVersion.findMany({
      where: { agentId },
      orderBy: { version: "desc" },
      select: { version: true, createdAt: true, createdByName: true },
    }),
    db.agentLabel.findMany({ where: { agentId }, orderBy: { label: "asc" } }),
  ]);
  return versions.map((v) => ({
    version: v.version,
    createdAt: v.createdAt.toISOString(),
    createdBy: v.createdByName,
    labels: labels.filter((l) => l.version === v.version).map((l) => l.label),
  }));
}

/** The names the model saw for a version's tools at save (in its order). */
export async function versionToolNames(db: Db, agentId: string, version: number): Promise<string[]> {
  const row = await db.agentVersion.findUnique({
    where: { agentId_version: { agentId, version } },
    select: { config: true },
  });
  return row ? (readJsonColumn<Partial<VersionConfig>>(row.config).toolNames ?? []) : [];
}
