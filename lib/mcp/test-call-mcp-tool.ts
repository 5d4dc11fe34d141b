/** A test run of an imported tool from the Tool Studio: one call on its server, timed and audited. */
import { recordAudit } from "../auth/audit-log";
import type { Principal } from "../auth/roles";
import type { Db } from "../db/client";
import { NotFoundError } from "../errors";
import type { McpTestOutcome } from "./mcp-call-result.shared";
import { createMcpCaller } from "./mcp-caller";
import { requireMcpServerRow } from "./mcp-server-store";

export async function testCallMcpTool(
  db: Db,
  principal: Principal,
  serverId: string,
  tool: string,
  args: Record<string, unknown>,
): Promise<McpTestOutcome> {
  const server = await requireMcpServerRow(db, serverId);
  if (!server.tools.some((t) => t.name === tool))
    throw new NotFoundError(`MCP server '${server.name}' offers no tool '${tool}' (as last discovered).`);
  const started = performance.now();
  const outcome = await createMcpCaller(db)({
    serverId,
    serverName: server.name,
    tool,
    calledAs: tool,
    arguments: args,
  });
  const durationMs = Math.round(performance.now() - started);
  await recordAudit(db, {
    actor: principal,
    action: "mcp.tool_call",
    target: `${server.name}/${tool}`,
    details: { via: "test-run", serverId, ok: outcome.ok, durationMs },
  });
  return { ...outcome, durationMs };
}
