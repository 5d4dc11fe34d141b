/**
 * "Freeze tools": a version whose tool entries follow the latest is saved again as a new version
 * with each of them pinned to the tool's newest version without definition errors now. Used when a
 * label moves, so what `production` runs stops changing with every tool save.
 */
import type { Principal } from "../auth/roles";
import { jsonColumn } from "../db/json-column";
import { NotFoundError } from "../errors";
import type { VersionConfig } from "./agent-version-config.shared";
import type { Tx } from "./live-tool-rows";

/** The new version's number, or null when nothing follows the latest (no version is made). */
export async function freezeFollowedTools(
  tx: Tx,
  agentId: string,
  config: VersionConfig,
  actor: Principal | null,
): Promise<number | null> {
  if (!config.tools.some((e) => "toolId" in e && e.follow === "latest")) return null;
  const tools = [];
  for (const entry of config.tools) {
    if (!("toolId" in entry) || entry.follow !== "latest") {
      tools.push(entry);
      continue;
    }
    const current = await tx.toolVersion.findFirst({
      where: { toolId: entry.toolId, hasErrors: false },
      orderBy: { version: "desc" },
      select: { id: true },
    });
    if (!current) throw new NotFoundError(`Tool ${entry.toolId} has no version without definition errors to pin.`);
    tools.push({ toolId: entry.toolId, toolVersionId: current.id });
  }
  const agent = await tx.agent.findUniqueOrThrow({ where: { id: agentId }, select: { latestVersion: true } });
  const next = agent.latestVersion + 1;
  await tx.agentVersion.create({
    data: {
      agentId,
      version: next,
      config: jsonColumn({ ...config, tools }),
      createdById: actor?.id ?? null,
      createdByName: actor?.name ?? null,
    },
  });
  await tx.agent.update({ where: { id: agentId }, data: { latestVersion: next } });
  return next;
}
