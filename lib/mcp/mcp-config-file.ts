/**
 * The operator's MCP config file, named by ATELIER_MCP_CONFIG: the `mcpServers` JSON that Claude
 * Desktop and Cursor use, so an operator pastes what they already have. It is the only way to
 * give the studio a stdio server (a command it starts); URL servers may be listed here too.
 *
 *   { "mcpServers": {
 *       "cases":  { "command": "npx", "args": ["-y", "case-server"], "env": { "TOKEN": "…" } },
 *       "remote": { "url": "https://mcp.example.com/mcp", "headers": { "Authorization": "Bearer …" } },
 *       "legacy": { "type": "sse", "url": "https://old.example.com/sse" } } }
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { McpConnection } from "./mcp-connection";
import { McpConfigFileError } from "./mcp-errors";
import { McpServerName } from "./mcp-server-input.shared";

const StringMap = z.record(z.string(), z.string());

const StdioEntry = z.object({
  type: z.literal("stdio").optional(),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: StringMap.default({}),
  cwd: z.string().optional(),
});

const UrlEntry = z.object({
  type: z.enum(["http", "streamable-http", "streamableHttp", "sse"]).optional(),
  url: z.string().min(1),
  headers: StringMap.default({}),
});

const ConfigFile = z.object({ mcpServers: z.record(z.string(), z.union([StdioEntry, UrlEntry])) });

export interface ConfiguredServer {
  name: string;
  connection: McpConnection;
}

/** The servers of the file ATELIER_MCP_CONFIG names ([] when it is unset). */
export function readMcpConfigFile(file: string | undefined = process.env.ATELIER_MCP_CONFIG): ConfiguredServer[] {
  if (!file) return [];
  let text: string;
  try {
    text = readFileSync(/* turbopackIgnore: true */ path.resolve(file), "utf8");
  } catch (err) {
    throw new McpConfigFileError(`ATELIER_MCP_CONFIG names ${file}, which cannot be read: ${(err as Error).message}`);
  }
  return parseMcpConfig(text, file);
}

export function parseMcpConfig(text: string, origin = "the MCP config"): ConfiguredServer[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new McpConfigFileError(`${origin} is not JSON: ${(err as Error).message}`);
  }
  const parsed = ConfigFile.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new McpConfigFileError(
      `${origin} is not in the mcpServers format ({"mcpServers": {"name": {"command", "args", "env"} | {"url", "headers"}}}): ${first.path.join(".")}: ${first.message}`,
    );
  }
  return Object.entries(parsed.data.mcpServers).map(([name, entry]) => {
    if (!McpServerName.safeParse(name).success)
      throw new McpConfigFileError(`${origin}: server name '${name}' must match ^[a-zA-Z0-9_-]{1,64}$`);
    const connection: McpConnection =
      "command" in entry
        ? {
            transport: "stdio",
            command: entry.command,
            args: entry.args,
            env: entry.env,
            ...(entry.cwd ? { cwd: entry.cwd } : {}),
          }
        : { transport: entry.type === "sse" ? "sse" : "http", url: entry.url, headers: entry.headers };
    return { name, connection };
  });
}
