/**
 * A tool imported from an MCP server as a run calls it: the cached name, description and input
 * schema are what the model sees (renamed by `as`); annotations set the flags (lib/mcp); a call
 * goes to the server through the MCP caller and every failure is a tool error for the model.
 */
import { mcpToolFlags } from "../../../mcp/mcp-annotations";
import type { McpCaller } from "../../../mcp/mcp-caller";
import { checkValue, formatProblems } from "../../../tools/check-json-value";
import { ToolArgumentError } from "../../../tools/errors";
import type { JsonSchema } from "../../../tools/tool-types";
import type { RunTool, ToolArgumentFailure } from "../run-tool";

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
  const parameters: Record<string, unknown> = { ...schema, type: "object" };
  return {
    name,
    description,
    parameters,
    sideEffecting: flags.sideEffecting,
    idempotent: flags.idempotent,
    requiresApproval: false,
    kind: "mcp",
    checkArguments: (args) => mcpArgumentError(name, parameters, args),
    async execute(args, scope) {
      const refused = mcpArgumentError(name, parameters, args);
      if (refused) return { ok: false, error: refused };
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

/**
 * The call's arguments against the tool's discovered `inputSchema` (required and unexpected
 * top-level names, each value's type and constraints), as one ToolArgumentError naming every
 * problem, or null. Keywords the checker does not know are not enforced: the server has the last word.
 */
export function mcpArgumentError(
  name: string,
  schema: Record<string, unknown>,
  args: unknown,
): ToolArgumentFailure | null {
  if (args === null || typeof args !== "object" || Array.isArray(args)) {
    return { type: "ToolArgumentError", message: `tool '${name}' call rejected: arguments must be a JSON object` };
  }
  const input = args as Record<string, unknown>;
  const isSchema = (s: unknown): s is JsonSchema => typeof s === "object" && s !== null && !Array.isArray(s);
  const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);
  const properties = isSchema(schema.properties) ? (schema.properties as Record<string, unknown>) : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((k) => typeof k === "string") : [];
  const extra = schema.additionalProperties;
  const missing = required.filter((k) => !has(input, k) || input[k] === undefined);
  const unexpected: string[] = [];
  const invalid: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const own = has(properties, key) ? properties[key] : undefined;
    const sub = own !== undefined ? own : extra;
    if (own === undefined && extra === false) unexpected.push(key);
    else if (isSchema(sub)) {
      const problems = checkValue(sub, value, `/properties/${key}`, {}, "", schema as JsonSchema);
      if (problems.length) invalid.push([key, formatProblems(problems).join("; ")]);
    }
  }
  if (!missing.length && !unexpected.length && !invalid.length) return null;
  const error = new ToolArgumentError(name, { missing, unexpected, invalid, accepted: Object.keys(properties) });
  return { type: "ToolArgumentError", message: error.message, missing, unexpected, invalid, accepted: error.accepted };
}

/** Where no MCP caller is wired (in-memory scenario runs): every call says so. */
export const noMcpCaller: McpCaller = async (c) => ({
  ok: false,
  error: {
    type: "ToolExecutionError",
    message: `tool '${c.calledAs}' could not run: MCP calls are not available here`,
  },
});
