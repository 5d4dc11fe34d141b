/**
 * A tool imported from an MCP server as a run calls it: the cached name, description and input
 * schema are what the model sees (renamed by `as`); annotations set the flags (lib/mcp); a call
 * goes to the server through the MCP caller and every failure is a tool error for the model.
 */
import { mcpToolFlags } from "../../mcp/mcp-annotations";
import type { McpCaller } from "../../mcp/mcp-caller";
import type { RunTool } from "../run-tool";

export interface McpToolRecord {
  serverId: string;
  serverName: string;
  tool: {
    name: string;
    title: string | null;
    description: string;
    inputSchema: Record<string, unknown>;
    annotations: unknown;
  };
  as?: string;
}

export function mcpRunTool(record: McpToolRecord, call: McpCaller): RunTool {
  const name = record.as ?? record.tool.name;
  const description =
    record.tool.description.trim() ||
    `${record.tool.title ?? record.tool.name} (a tool of the MCP server '${record.serverName}').`;
  const flags = mcpToolFlags(record.tool.annotations);
  // `$schema` is the server's dialect marker, not part of the parameters some providers accept.
  const { $schema: _dialect, ...schema } = record.tool.inputSchema;
  return {
    name,
    description,
    parameters: { ...schema, type: "object" },
    sideEffecting: flags.sideEffecting,
    idempotent: flags.idempotent,
    requiresApproval: false,
    kind: "mcp",
    async execute(args, scope) {
      if (args === null || typeof args !== "object" || Array.isArray(args)) {
        return {
          ok: false,
          error: {
            type: "ToolArgumentError",
            message: `tool '${name}' call rejected: arguments must be a JSON object`,
          },
        };
      }
      return call({
        serverId: record.serverId,
        serverName: record.serverName,
        tool: record.tool.name,
        calledAs: name,
        arguments: args as Record<string, unknown>,
        signal: scope.signal,
      });
    },
  };
}

/** Where no MCP caller is wired (in-memory scenario runs): every call says so. */
export const noMcpCaller: McpCaller = async (c) => ({
  ok: false,
  error: {
    type: "ToolExecutionError",
    message: `tool '${c.calledAs}' could not run: MCP calls are not available here`,
  },
});
