/**
 * The operator's config-file servers (ATELIER_MCP_CONFIG) as McpServer rows with source "config",
 * so their discovered tools are cached and agents can reference them like any server. The file
 * stays the only place their command, environment and headers live: nothing secret is copied
 * into the database. A name already taken by a server added in Settings is left to that server.
 */
import type { Db } from "../db/client";
import { jsonColumn } from "../db/json-column";
import { readMcpConfigFile, type ConfiguredServer } from "./mcp-config-file";

/** A stdio server's program and arguments (its environment stays in the file). */
export interface StdioCommand {
  command: string;
  args: string[];
}

/** Upserts the file's servers; answers name -> program and arguments for the stdio ones. */
export async function syncConfigServers(
  db: Db,
  workspaceId: string,
  servers: ConfiguredServer[] = readMcpConfigFile(),
): Promise<Map<string, StdioCommand>> {
  const commands = new Map<string, StdioCommand>();
  for (const { name, connection } of servers) {
    const existing = await db.mcpServer.findUnique({ where: { workspaceId_name: { workspaceId, name } } });
    if (existing && existing.source !== "config") continue;
    const url = connection.transport === "stdio" ? null : connection.url;
    const headerNames = connection.transport === "stdio" ? [] : Object.keys(connection.headers).sort();
    if (connection.transport === "stdio") commands.set(name, { command: connection.command, args: connection.args });
    if (existing && existing.transport === connection.transport && existing.url === url) continue;
    await db.mcpServer.upsert({
      where: { workspaceId_name: { workspaceId, name } },
      create: {
        workspaceId,
        name,
        source: "config",
        transport: connection.transport,
        url,
        headerNames: jsonColumn(headerNames),
      },
      update: { transport: connection.transport, url, headerNames: jsonColumn(headerNames) },
    });
  }
  return commands;
}

/** The file's entry for a config server, or null when the file no longer lists it. */
export function configuredConnection(name: string): ConfiguredServer["connection"] | null {
  return readMcpConfigFile().find((s) => s.name === name)?.connection ?? null;
}
