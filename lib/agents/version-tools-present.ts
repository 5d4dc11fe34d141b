/**
 * A version is usable again (restored, or labelled) only while everything it calls still exists:
 * its saved tools and pinned tool versions, the agents it calls and its MCP servers. One that is
 * gone is refused with 409 `tool_gone`, naming it as the version saw it.
 */
import type { Db } from "../db/client";
import { ConflictError } from "../errors";
import type { VersionConfig } from "./agent-version-config.shared";

export async function goneTools(db: Db, config: VersionConfig): Promise<string[]> {
  const gone: string[] = [];
  for (const [i, entry] of config.tools.entries()) {
    const name = config.toolNames?.[i] ?? null;
    if ("toolId" in entry) {
      const present = entry.toolVersionId
        ? await db.toolVersion.findFirst({
            where: { id: entry.toolVersionId, toolId: entry.toolId },
            select: { id: true },
          })
        : await db.tool.findUnique({ where: { id: entry.toolId }, select: { id: true } });
      if (!present) gone.push(name ?? `tool ${entry.toolId}`);
    } else if ("agentId" in entry) {
      if (!(await db.agent.findUnique({ where: { id: entry.agentId }, select: { id: true } })))
        gone.push(name ?? `agent ${entry.agentId}`);
    } else if ("mcpServerId" in entry) {
      if (!(await db.mcpServer.findUnique({ where: { id: entry.mcpServerId }, select: { id: true } })))
        gone.push(name ?? `MCP tool ${entry.tool}`);
    }
  }
  return gone;
}

export async function assertToolsPresent(db: Db, agentName: string, version: number, config: VersionConfig) {
  const gone = await goneTools(db, config);
  if (!gone.length) return;
  throw new ConflictError(
    `Version ${version} of agent '${agentName}' uses ${gone.map((g) => `'${g}'`).join(", ")}, deleted since; it cannot be used again. Save a new version without ${gone.length === 1 ? "it" : "them"} instead.`,
    { gone },
    "tool_gone",
  );
}
