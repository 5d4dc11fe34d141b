/**
 * Checks an agent's `{ mcpServerId, tool, as? }` entry against the cached discovery: the server
 * is in the workspace, it offers the tool, and the name the model will see is a valid tool name.
 */
import type { Db } from "../db/client";
import { invalidToolNameMessage, isValidToolName } from "../tools/tool-name";

export type ResolvedMcpEntry = { ok: true; name: string } | { ok: false; path: string[]; message: string };

export async function resolveMcpToolEntry(
  db: Db,
  workspaceId: string,
  entry: { mcpServerId: string; tool: string; as?: string },
): Promise<ResolvedMcpEntry> {
  const server = await db.mcpServer.findUnique({ where: { id: entry.mcpServerId } });
  if (!server || server.workspaceId !== workspaceId)
    return {
      ok: false,
      path: ["mcpServerId"],
      message: `no MCP server with id '${entry.mcpServerId}' in this workspace`,
    };
  const tool = await db.mcpTool.findUnique({ where: { serverId_name: { serverId: server.id, name: entry.tool } } });
  if (!tool) {
    const known = await db.mcpTool.findMany({
      where: { serverId: server.id },
      select: { name: true },
      orderBy: { name: "asc" },
    });
    return {
      ok: false,
      path: ["tool"],
      message: `MCP server '${server.name}' offers no tool '${entry.tool}'${known.length ? ` (it offers: ${known.map((k) => k.name).join(", ")})` : " (refresh it: no tools are cached)"}`,
    };
  }
  const name = entry.as ?? entry.tool;
  if (!isValidToolName(name))
    return {
      ok: false,
      path: [entry.as ? "as" : "tool"],
      message: `${invalidToolNameMessage(name).replace(/; rename the function or pass name:$/, "")}; give it another name with "as"`,
    };
  return { ok: true, name };
}
