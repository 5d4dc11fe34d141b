/**
 * A test run from the tool editor (POST /api/tools/:id/invoke): the saved version runs in the
 * sandbox with the caller's arguments, outside any conversation. Two rules keep it from
 * bypassing what a run enforces (lib/runs/README.md, "Test runs"):
 * - a `requiresApproval` tool is test-run only by someone holding `approver` (or admin): a test
 *   run has no approval step, so the caller must be someone who could have approved the call;
 * - every test run of a side-effecting (or approval-gated) tool is written to the audit log —
 *   who, which tool and version, the arguments' hash and the outcome — like a run's tool calls.
 */
import { recordAudit } from "../../auth/audit-log";
import { hasAnyRole, type Principal } from "../../auth/roles";
import type { Db } from "../../db/client";
import { ForbiddenError } from "../../errors";
import type { InvokeOutcome } from "../../sandbox/invoke-tool";
import type { SandboxInvoker } from "../ports";
import { getRunnableTool } from "../../tool-store/read-tool";
import type { AnalyzedTool } from "../../tools/tool-types";
import { canonicalHash } from "../canonical-json";

export interface TestRunRequest {
  toolId: string;
  version?: number;
  arguments: unknown;
}

/** Throws ForbiddenError when `principal` may not test-run `tool`. */
export function assertMayTestRun(principal: Principal, tool: AnalyzedTool): void {
  if (tool.requiresApproval && !hasAnyRole(principal, ["approver"])) {
    throw new ForbiddenError(
      `'${tool.name}' requires approval: only someone holding the approver role (or admin) may test-run it.`,
      { requiredRoles: ["approver"], tool: tool.name },
    );
  }
}

export async function testRunTool(
  db: Db,
  principal: Principal,
  request: TestRunRequest,
  invoke: SandboxInvoker,
): Promise<InvokeOutcome> {
  const { tool, source, version } = await getRunnableTool(db, request.toolId, request.version);
  assertMayTestRun(principal, tool);
  const outcome = await invoke({ tool, source, arguments: request.arguments, owner: principal.id });
  if (tool.sideEffecting || tool.requiresApproval) {
    await recordAudit(db, {
      actor: principal,
      action: "tool.test_run",
      target: tool.name,
      details: {
        toolId: request.toolId,
        version,
        argumentsHash: canonicalHash(request.arguments ?? null),
        ok: outcome.ok,
        ...(outcome.ok ? {} : { errorType: outcome.error.type }),
      },
    });
  }
  return outcome;
}
