/**
 * A test run from the tool editor (POST /api/tools/:id/invoke): a saved version runs in the
 * sandbox with the caller's arguments, outside any conversation. Two rules keep it from
 * bypassing what a run enforces (lib/runs/README.md, "Test runs"):
 * - a tool that an agent's call could be held for — any saved version of it side-effecting or
 *   `requiresApproval` — is test-run only by someone holding `approver` (or admin), whichever
 *   version is run: a test run has no approval step, so the caller must be someone who could have
 *   approved the call, and an older (or newer) version cannot be picked to slip past the rule;
 *   other tools by `author` or `operator`;
 * - every test run is written to the audit log — who, which tool and version, the arguments
 *   (bounded; always their hash) and the outcome — like a run's tool calls; a refused one too
 *   (`refused: "role"`), as MCP test calls are (lib/mcp/test-call-mcp-tool.ts).
 * The caller may give context values (`ctx.context`) as a conversation would; `ctx.user` is the
 * tester, and the tool's declared connections are given as a run gives them (a missing one fails
 * the call readably, and their secrets are redacted from what the panel shows).
 */
import { recordAudit } from "../../auth/audit-log";
import { hasAnyRole, type Principal } from "../../auth/roles";
import type { Role } from "../../auth/roles.shared";
import type { Db } from "../../db/client";
import { readJsonColumn } from "../../db/json-column";
import { ForbiddenError } from "../../errors";
import type { InvokeOutcome } from "../../sandbox/invoke-tool";
import type { SandboxInvoker } from "../engine/ports";
import { getRunnableTool } from "../../tool-store/read-tool";
import type { AnalyzedTool } from "../../tools/tool-types";
import { canonicalHash, canonicalJson } from "../engine/canonical-json";
import { readConnectionValues } from "../../connections/read-connection-values";
import { createRedactor } from "../../sandbox/redact-secrets";
import { grantConnections, missingConnectionsMessage } from "../../sandbox/connection-grant";

export interface TestRunRequest {
  toolId: string;
  version?: number;
  arguments: unknown;
  /** Stands for a conversation's context values (`ctx.context`); none: `{}`. */
  context?: Record<string, unknown>;
}

/** Who may test-run a tool that nothing gates, and who may test-run one that something does. */
export const TEST_RUN_ROLES: readonly Role[] = ["author", "operator"];
export const GATED_TEST_RUN_ROLES: readonly Role[] = ["approver"];

/** Arguments up to this size (canonical JSON characters) are audited whole; longer ones as an excerpt. */
export const AUDITED_ARGUMENTS_CHARS = 4096;

/** What would hold an agent's call to some saved version of the tool, and which version says so. */
export interface TestRunGate {
  requiresApproval: number | null;
  sideEffecting: number | null;
}

/** The first saved version (newest first) that requires approval, and that is side-effecting. */
export async function testRunGate(db: Db, toolId: string): Promise<TestRunGate> {
  const rows = await db.toolVersion.findMany({
    where: { toolId },
    select: { version: true, analysis: true },
    orderBy: { version: "desc" },
  });
  const gate: TestRunGate = { requiresApproval: null, sideEffecting: null };
  for (const row of rows) {
    const analysis = readJsonColumn<AnalyzedTool | null>(row.analysis);
    if (!analysis) continue; // a draft with definition errors cannot run, and says nothing
    if (analysis.requiresApproval) gate.requiresApproval ??= row.version;
    if (analysis.sideEffecting) gate.sideEffecting ??= row.version;
  }
  return gate;
}

/** Throws ForbiddenError when `principal` may not test-run version `version` of `tool`. */
export function assertMayTestRun(principal: Principal, tool: AnalyzedTool, version: number, gate: TestRunGate): void {
  const which = (v: number) => (v === version ? "" : ` (version ${v})`);
  if (gate.requiresApproval !== null || gate.sideEffecting !== null) {
    if (hasAnyRole(principal, GATED_TEST_RUN_ROLES)) return;
    const reason =
      gate.requiresApproval !== null
        ? `requires approval${which(gate.requiresApproval)}`
        : `is side-effecting${which(gate.sideEffecting!)}, so an agent's call to it may be held for approval`;
    throw new ForbiddenError(
      `'${tool.name}' ${reason}: only someone holding the approver role (or admin) may test-run it.`,
      { requiredRoles: [...GATED_TEST_RUN_ROLES], tool: tool.name },
    );
  }
  if (!hasAnyRole(principal, TEST_RUN_ROLES))
    throw new ForbiddenError(`Test runs of '${tool.name}' need one of the roles: ${TEST_RUN_ROLES.join(", ")}.`, {
      requiredRoles: [...TEST_RUN_ROLES],
      tool: tool.name,
    });
}

/** The arguments as the audit log keeps them: whole when small, else an excerpt; always their hash. */
function auditedArguments(args: unknown): Record<string, unknown> {
  const json = canonicalJson(args);
  const argumentsHash = canonicalHash(args);
  if (json.length <= AUDITED_ARGUMENTS_CHARS) return { arguments: JSON.parse(json) as unknown, argumentsHash };
  return {
    argumentsExcerpt: `${json.slice(0, AUDITED_ARGUMENTS_CHARS)}…[truncated, ${json.length} characters]`,
    argumentsHash,
  };
}

export async function testRunTool(
  db: Db,
  principal: Principal,
  request: TestRunRequest,
  invoke: SandboxInvoker,
): Promise<InvokeOutcome> {
  const { tool, source, version } = await getRunnableTool(db, request.toolId, request.version);
  const audit = (details: Record<string, unknown>) =>
    recordAudit(db, {
      actor: principal,
      action: "tool.test_run",
      target: tool.name,
      details: { toolId: request.toolId, version, ...auditedArguments(request.arguments ?? null), ...details },
    });
  try {
    assertMayTestRun(principal, tool, version, await testRunGate(db, request.toolId));
  } catch (err) {
    if (ForbiddenError.is(err)) await audit({ ok: false, refused: "role" });
    throw err;
  }
  const declared = tool.connections ?? [];
  const grant = grantConnections(declared, await readConnectionValues(db, declared));
  if (!grant.ok) {
    await audit({ ok: false, errorType: "ToolExecutionError" });
    return {
      ok: false,
      error: { type: "ToolExecutionError", message: missingConnectionsMessage(tool.name, grant.missing) },
      logs: [],
      events: [],
      durationMs: 0,
    };
  }
  const outcome = createRedactor(grant.secrets).outcome(
    await invoke({
      tool,
      source,
      arguments: request.arguments,
      context: {
        values: { ...request.context },
        user: { id: principal.id, roles: [...principal.roles] },
        connections: grant.connections,
      },
      owner: principal.id,
    }),
  );
  await audit({ ok: outcome.ok, ...(outcome.ok ? {} : { errorType: outcome.error.type }) });
  return outcome;
}
