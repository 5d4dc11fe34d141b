/**
 * Reconciling a call whose outcome is unknown (the server died while it executed): a person
 * either marks it done with what actually happened, or retries it deliberately — once, through a
 * conditional `outcome_unknown → executing` update, with the frozen arguments, through the same
 * dispatch chain as any call (traced, metered, audited as `tool.call`, run for the person who
 * retries it). Both are audited as decisions.
 */
import { recordAudit } from "../../auth/audit-log";
import { NotFoundError } from "../../errors";
import type { RunActor } from "../ports";
import { prepareAgent } from "../prepare-agent";
import { createChildRunner } from "../execute-turn";
import { decidedCallChain } from "../tool-dispatch/dispatch-chain";
import type { RunRuntime } from "../runtime";
import { ApprovalDecidedError } from "./approval-errors";
import { toApprovalView, type ApprovalView } from "./approval-view";

export type Reconciliation = { action: "done"; result: unknown } | { action: "retry" };

export async function reconcileApproval(
  rt: RunRuntime,
  approvalId: string,
  how: Reconciliation,
  actor: RunActor,
): Promise<ApprovalView> {
  const { db, deps } = rt;
  const a = await db.approval.findUnique({ where: { id: approvalId }, include: { run: true } });
  if (!a) throw new NotFoundError(`No approval with id '${approvalId}'.`);
  const claim = await db.approval.updateMany({
    where: { id: a.id, status: "outcome_unknown" },
    data:
      how.action === "done"
        ? { status: "done", result: { ok: true, result: how.result ?? null, reconciledBy: actor.name } as never }
        : { status: "executing" },
  });
  if (claim.count === 0) throw new ApprovalDecidedError(a.id, a.status, a.decision, a.decidedBy);
  let result: unknown = how.action === "done" ? how.result : null;
  if (how.action === "retry") {
    const record = await deps.agents.load(a.run.agentId);
    const tool = prepareAgent(record, deps, createChildRunner(a.conversationId, actor, deps)).tools.find(
      (t) => t.name === a.toolName,
    );
    const dispatch = decidedCallChain(deps, actor, record.config.runtime.retries);
    const outcome = tool
      ? (
          await dispatch({
            tool,
            args: a.arguments,
            scope: {
              conversationId: a.conversationId,
              runId: a.runId,
              rootRunId: a.run.rootRunId ?? a.runId,
              agentId: a.run.agentId,
              toolCallId: a.toolCallId,
              depth: a.run.depth,
              signal: new AbortController().signal,
            },
          })
        ).outcome
      : {
          ok: false as const,
          error: { type: "ToolExecutionError", message: `tool '${a.toolName}' is no longer one of the agent's tools` },
        };
    result = outcome.ok
      ? { ok: true, result: outcome.result ?? null, retriedBy: actor.name }
      : { ok: false, error: outcome.error, retriedBy: actor.name };
    await db.approval.update({ where: { id: a.id }, data: { status: "done", result: result as never } });
  }
  await recordAudit(db, {
    actor: { id: actor.id, name: actor.name ?? "unknown" },
    action: "approval.decide",
    target: `approval:${a.id}`,
    details: { reconcile: how.action, toolName: a.toolName, runId: a.runId, result: result as never },
  });
  return toApprovalView(await db.approval.findUniqueOrThrow({ where: { id: a.id } }));
}
