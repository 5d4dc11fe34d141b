/**
 * Discovery: asks a server for its tools and replaces the cached McpTool rows in one transaction.
 * A server that does not answer keeps its cached tools (agents and pages go on working) and is
 * marked `error` with the reason; the refresh then fails with McpServerUnavailableError.
 */
import type { Db } from "../db/client";
import { jsonColumn } from "../db/json-column";
import { AppError } from "../errors";
import { listMcpTools } from "./mcp-client";
import { McpServerUnavailableError, describeCause } from "./mcp-errors";
import { serverConnection } from "./mcp-server-connection";
import { requireMcpServerRow } from "./mcp-server-store";

export async function refreshMcpServer(db: Db, id: string): Promise<{ tools: number }> {
  const row = await requireMcpServerRow(db, id);
  try {
    const tools = await listMcpTools(serverConnection(row));
    await db.$transaction(async (tx) => {
      await tx.mcpTool.deleteMany({ where: { serverId: id } });
      if (tools.length)
        await tx.mcpTool.createMany({
          data: tools.map((t) => ({
            serverId: id,
            name: t.name,
            title: t.title ?? t.annotations?.title ?? null,
            description: t.description ?? "",
            inputSchema: jsonColumn(t.inputSchema),
            annotations: jsonColumn(t.annotations ?? {}),
          })),
        });
      await tx.mcpServer.update({ where: { id }, data: { status: "ok", lastError: null, refreshedAt: new Date() } });
    });
    return { tools: tools.length };
  } catch (err) {
    await db.mcpServer.update({
      where: { id },
      data: { status: "error", lastError: describeCause(err).slice(0, 2000) },
    });
    if (AppError.is(err)) throw err;
    throw new McpServerUnavailableError(row.name, err);
  }
}
