/**
 * An agent's MCP tool as last discovered (the cached McpTool row), so the agent runs while the
 * server is down; a tool the server no longer offers makes the agent not runnable (the loader
 * raises AgentNotRunnableError with this module's message).
 */
import type { Db } from "../../../db/client";
import type { AgentToolRecord } from "../../engine/ports";

export async function loadMcpToolRecord(
  db: Db,
  agentName: string,
  ref: { mcpServerId: string; tool: string; as?: string },
): Promise<AgentToolRecord | { notRunnable: string }> {
  const server = await db.mcpServer.findUnique({ where: { id: ref.mcpServerId } });
  const tool = server
    ? await db.mcpTool.findUnique({ where: { serverId_name: { serverId: server.id, name: ref.tool } } })
    : null;
  if (!server || !tool)
    return {
      notRunnable: `Agent '${agentName}' uses the MCP tool '${ref.tool}', which ${server ? `server '${server.name}' no longer offers (last refresh)` : "belongs to a server that was removed"}; open the agent and remove or replace it.`,
    };
  return {
    kind: "mcp",
    serverId: server.id,
    serverName: server.name,
    tool: {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: (tool.inputSchema ?? { type: "object" }) as Record<string, unknown>,
      annotations: tool.annotations,
    },
    ...(ref.as ? { as: ref.as } : {}),
  };
}
