/**
 * Marks the approval inbox's held calls that are of imported MCP tools their server calls
 * destructive (`destructiveHint: true`): the agent's MCP tool entries by the name the model called,
 * against the cached annotations.
 */
import type { Db } from "../db/client";
import type { ApprovalSummary } from "../runs/read-models/approvals/list-approvals.shared";
import type { MarkedApproval } from "./destructive-approvals.shared";
import { mcpToolFlags } from "./mcp-annotations";

export async function markDestructive(db: Db, approvals: ApprovalSummary[]): Promise<MarkedApproval[]> {
  const ids = await destructiveApprovalIds(db, approvals);
  return approvals.map((a) => ({ ...a, destructive: ids.has(a.id) }));
}

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
