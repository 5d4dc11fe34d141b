/** Which agents attach a skill: those whose latest version lists it (what a delete would break). */
import type { Db } from "../db/client";
import { readJsonColumn } from "../db/json-column";

/** Every agent of the workspace whose latest version attaches skills, with those names. */
export async function agentsAttachingSkills(
  db: Db,
  workspaceId: string,
): Promise<Array<{ agentId: string; name: string; skills: string[] }>> {
  const agents = await db.agent.findMany({
    where: { workspaceId },
    select: { id: true, name: true, latestVersion: true },
  });
  if (!agents.length) return [];
  const versions = await db.agentVersion.findMany({
    where: { OR: agents.map((a) => ({ agentId: a.id, version: a.latestVersion })) },
    select: { agentId: true, config: true },
  });
  const byId = new Map(agents.map((a) => [a.id, a.name]));
  return versions
    .map((v) => ({
      agentId: v.agentId,
      name: byId.get(v.agentId) ?? v.agentId,
      skills: readJsonColumn<{ skills?: string[] }>(v.config)?.skills ?? [],
    }))
    .filter((a) => a.skills.length > 0)
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

export async function agentsUsingSkill(db: Db, workspaceId: string, name: string) {
  return (await agentsAttachingSkills(db, workspaceId))
    .filter((a) => a.skills.includes(name))
    .map(({ agentId, name }) => ({ agentId, name }));
}
