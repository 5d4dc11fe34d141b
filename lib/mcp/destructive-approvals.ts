/**
 * Which held calls are of imported MCP tools that their server marks destructive
 * (`destructiveHint: true`), for the approval inbox: the agent's MCP tool entries by the name the
 * model called, against the cached annotations.
 */
import type { Db } from "../db/client";
import { mcpToolFlags } from "./mcp-annotations";

export async function destructiveApprovalIds(
  db: Db,
  approvals: Array<{ id: string; agentId: string; toolName: string }>,
): Promise<Set<string>> {
  const agentIds = [...new Set(approvals.map((a) => a.agentId))];
  if (agentIds.length === 0) return new Set();
  const links = await db.agentTool.findMany({
    where: { agentId: { in: agentIds }, kind: "mcp" },
    select: { agentId: true, mcpServerId: true, mcpTool: true, mcpAs: true },
  });
  if (links.length === 0) return new Set();
  const tools = await db.mcpTool.findMany({
    where: { serverId: { in: [...new Set(links.map((l) => l.mcpServerId!))] } },
    select: { serverId: true, name: true, annotations: true },
  });
  const destructive = new Set(
    tools.filter((t) => mcpToolFlags(t.annotations).destructive).map((t) => `${t.serverId}\u0000${t.name}`),
  );
  const byAgentName = new Set(
    links
      .filter((l) => destructive.has(`${l.mcpServerId}\u0000${l.mcpTool}`))
      .map((l) => `${l.agentId}\u0000${l.mcpAs ?? l.mcpTool}`),
  );
  return new Set(approvals.filter((a) => byAgentName.has(`${a.agentId}\u0000${a.toolName}`)).map((a) => a.id));
}
