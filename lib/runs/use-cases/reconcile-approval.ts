/**
 * Reconciling a call whose outcome is unknown (the server died while it executed): a person
 * either marks it done with what actually happened, or retries it deliberately — once, through a
 * conditional `outcome_unknown → executing` update, with the frozen arguments, through the same
 * dispatch chain as any call (traced, metered, audited as `tool.call`, run for the person who
 * retries it). Both are audited as decisions, and so is every failed attempt.
 *
 * A retry loads what it needs first (the agent and the tool) and claims the call after, so a
 * failure to load leaves the call `outcome_unknown`; a failure after the claim rolls it back to
 * `outcome_unknown` (the call may or may not have run), so it can be retried or marked done later.
 * Like a resume, a retry runs only what was approved: a tool saved, re-pinned or rediscovered
 * since is answered `ApprovalStale` (and a tool the agent no longer has `ToolNotAvailable`),
 * without running. What the retried call emitted (`ctx.emit`) is appended to its run's log, once.
 */
import { recordAudit } from "../../auth/audit-log";
import { readApprovalTarget } from "../read-models/approvals/approval-view";
import { NotFoundError } from "../../errors";
import type { RunActor } from "../engine/ports";
import { environmentAtResume } from "./environment-at-resume";
import { prepareAgent } from "../engine/prepare-agent";
import { createChildRunner } from "../engine/execute-turn";
import { errorRecord } from "../engine/run-errors";
import { decidedCallChain } from "../engine/tool-dispatch/dispatch-chain";
import { toolStateEntries } from "../engine/tool-state-events";
import type { RunRuntime } from "../infra/runtime";
import { ApprovalDecidedError } from "./approval-errors";
import { approvedCallRefusal, toolNotAvailable } from "../engine/approval-target";
import { toApprovalView, type ApprovalView } from "../read-models/approvals/approval-view";

export type Reconciliation = { action: "done"; result: unknown } | { action: "retry" };

export async function reconcileApproval(
  rt: RunRuntime,
  approvalId: string,
  how: Reconciliation,
  actor: RunActor,
): Promise<ApprovalView> {
  const { db } = rt;
  const a = await db.approval.findUnique({ where: { id: approvalId }, include: { run: true } });
  if (!a) throw new NotFoundError(`No approval with id '${approvalId}'.`);
  const decided = () => new ApprovalDecidedError(a.id, a.status, a.decision, a.decidedBy);
  const audit = (details: Record<string, unknown>) =>
    recordAudit(db, {
      actor: { id: actor.id, name: actor.name ?? "unknown" },
      action: "approval.decide",
      target: `approval:${a.id}`,
      details: { reconcile: how.action, toolName: a.toolName, runId: a.runId, ...details },
    });

  if (how.action === "done") {
    const result = { ok: true, result: how.result ?? null, reconciledBy: actor.name };
    const claim = await db.approval.updateMany({
      where: { id: a.id, status: "outcome_unknown" },
      data: { status: "done", result: result as never },
    });
    if (claim.count === 0) throw decided();
    await audit({ result: how.result ?? null });
    return toApprovalView(await db.approval.findUniqueOrThrow({ where: { id: a.id } }));
  }

  if (a.status !== "outcome_unknown") throw decided();
  const { deps } = rt;
  // Load first: nothing is claimed until the agent and its tool are in hand.
  let prepared;
  try {
    const record = await deps.agents.load(a.run.agentId, {
      conversationId: a.conversationId,
      ...(a.run.agentVersion !== null ? { version: a.run.agentVersion } : {}),
    });
    const env = await environmentAtResume(
      rt,
      { id: a.runId, conversationId: a.conversationId, kind: a.run.kind },
      record,
    );
    const agent = prepareAgent(record, deps, createChildRunner(a.conversationId, actor, deps, env));
    prepared = {
      env,
      tool: agent.tools.find((t) => t.name === a.toolName),
      dispatch: decidedCallChain(deps, actor, record.config.runtime.retries),
    };
  } catch (err) {
    await audit({ ok: false, error: errorRecord(err), stage: "load" });
    throw err;
  }
  const { tool, dispatch, env } = prepared;
  const refusal = approvedCallRefusal({ toolName: a.toolName, target: readApprovalTarget(a.target) }, tool);
  if (refusal || !tool) {
    // What was approved no longer exists as approved: answered, never run.
    const result = { ok: false, error: refusal ?? toolNotAvailable(a.toolName), retriedBy: actor.name };
    const claim = await db.approval.updateMany({
      where: { id: a.id, status: "outcome_unknown" },
      data: { status: "done", result: result as never },
    });
    if (claim.count === 0) throw decided();
    await audit({ ok: false, result });
    return toApprovalView(await db.approval.findUniqueOrThrow({ where: { id: a.id } }));
  }

  const claim = await db.approval.updateMany({
    where: { id: a.id, status: "outcome_unknown" },
    data: { status: "executing" },
  });
  if (claim.count === 0) throw decided();
  let result: Record<string, unknown>;
  try {
    const scope = {
      conversationId: a.conversationId,
      runId: a.runId,
      rootRunId: a.run.rootRunId ?? a.runId,
      agentId: a.run.agentId,
      toolCallId: a.toolCallId,
      depth: a.run.depth,
      signal: new AbortController().signal,
      env,
    };
    const dispatched = await dispatch({ tool, args: a.arguments, scope });
    const outcome = dispatched.outcome;
    result = outcome.ok
      ? { ok: true, result: outcome.result ?? null, retriedBy: actor.name }
      : { ok: false, error: outcome.error, retriedBy: actor.name };
    const state = await toolStateEntries(deps.store, scope, tool, dispatched);
    if (state.length) await deps.store.appendEvents(a.conversationId, state);
    await db.approval.update({ where: { id: a.id }, data: { status: "done", result: result as never } });
  } catch (err) {
    // The call may or may not have run: back to outcome_unknown, to be retried or marked done.
    await db.approval.updateMany({ where: { id: a.id, status: "executing" }, data: { status: "outcome_unknown" } });
    await audit({ ok: false, error: errorRecord(err), stage: "run", rolledBack: true });
    throw err;
  }
  await audit({ ok: result.ok, result: result as never });
  return toApprovalView(await db.approval.findUniqueOrThrow({ where: { id: a.id } }));
}
