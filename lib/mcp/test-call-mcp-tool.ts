/**
 * A test run of an imported tool from the Tool Studio: one call on its server, timed and audited.
 * A test call has no approval step, so it must not be a way around one: a tool not marked
 * read-only (`readOnlyHint: true`) is one an agent's `gated` tier would hold for an approver, and
 * only an approver (or admin) may test-call it; a read-only tool needs author or operator, as
 * before. Every test call — refused ones included — is in the audit log with its arguments.
 */
import { recordAudit } from "../auth/audit-log";
import { hasAnyRole, type Principal } from "../auth/roles";
import type { Role } from "../auth/roles.shared";
import type { Db } from "../db/client";
import { ForbiddenError, NotFoundError } from "../errors";
import { mcpToolFlags } from "./mcp-annotations";
import type { McpTestOutcome } from "./mcp-call-result.shared";
import { createMcpCaller } from "./mcp-caller";
import { requireMcpServerRow } from "./mcp-server-store";

/** Who may test-call a read-only imported tool. */
export const READ_ONLY_TEST_CALL_ROLES: readonly Role[] = ["author", "operator"];
/** Who may test-call any other imported tool (one an agent's gated tier would hold for approval). */
export const SIDE_EFFECTING_TEST_CALL_ROLES: readonly Role[] = ["approver"];
/** Every role the route lets in; the tool decides which of them may call it. */
export const TEST_CALL_ROLES: Role[] = ["author", "operator", "approver"];

export async function testCallMcpTool(
  db: Db,
  principal: Principal,
  serverId: string,
  tool: string,
  args: Record<string, unknown>,
): Promise<McpTestOutcome> {
  const server = await requireMcpServerRow(db, serverId);
  const cached = server.tools.find((t) => t.name === tool);
  if (!cached) throw new NotFoundError(`MCP server '${server.name}' offers no tool '${tool}' (as last discovered).`);
  const readOnly = !mcpToolFlags(cached.annotations).sideEffecting;
  const audit = (details: Record<string, unknown>) =>
    recordAudit(db, {
      actor: principal,
      action: "mcp.tool_call",
      target: `${server.name}/${tool}`,
      details: { via: "test-run", serverId, tool, readOnly, arguments: args, ...details },
    });
  const allowed = readOnly ? READ_ONLY_TEST_CALL_ROLES : SIDE_EFFECTING_TEST_CALL_ROLES;
  if (!hasAnyRole(principal, allowed)) {
    await audit({ ok: false, refused: "role" });
    throw new ForbiddenError(
      readOnly
        ? `Test-calling '${tool}' needs one of the roles: ${allowed.join(", ")}.`
        : `'${tool}' on MCP server '${server.name}' is not marked read-only, so an agent would hold its calls for approval: only someone holding the approver role (or admin) may test-call it.`,
      { requiredRoles: [...allowed], tool },
    );
  }
  const started = performance.now();
  const outcome = await createMcpCaller(db)({
    serverId,
    serverName: server.name,
    tool,
    calledAs: tool,
    arguments: args,
  });
  const durationMs = Math.round(performance.now() - started);
  await audit({ ok: outcome.ok, durationMs, ...(outcome.ok ? {} : { errorType: outcome.error.type }) });
  return { ...outcome, durationMs };
}
