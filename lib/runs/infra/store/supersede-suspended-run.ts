/**
 * `supersede: true` on a message to a suspended conversation: every pending call of the suspended
 * run is denied with the reason "superseded by a new user message" (each transition a conditional
 * update, so a concurrent decision wins or loses cleanly) and each denial is in the audit log under
 * the user who superseded, the denied calls are answered in the context, and the old run finishes
 * `superseded`. Nothing is resumed or executed. Only someone who may decide approvals (approver
 * or admin) gets here: start-turn.ts refuses the others with RunSuspended.
 *
 * A suspended run may belong to a chain of agents called as tools (a child waiting for an
 * approval holds its caller suspended): the whole chain is superseded, children first, and each
 * caller's open call is answered that its child was superseded.
 */
import { answerEvents, healingAnswers } from "../../engine/stages/healing";
import { answerChildCalls } from "./answer-child-calls";
import { runUsageOf } from "./recover-interrupted-runs";
import { recordAudit } from "../../../auth/audit-log";
import type { Db } from "../../../db/client";
import { newEvent, type EventEntry } from "../../../events/event-types";
import type { RunActor, RunStore } from "../../engine/ports";

export const SUPERSEDED_REASON = "superseded by a new user message";

export async function supersedeSuspendedRun(db: Db, store: RunStore, runId: string, actor: RunActor): Promise<void> {
  let top = await db.run.findUniqueOrThrow({ where: { id: runId } });
  while (top.kind === "child" && top.parentRunId) {
    const parent = await db.run.findUnique({ where: { id: top.parentRunId } });
    if (parent?.status !== "suspended") break;
    top = parent;
  }
  await supersedeTree(db, store, top.id, actor);
}

async function supersedeTree(db: Db, store: RunStore, runId: string, actor: RunActor): Promise<void> {
  const children = await db.run.findMany({
    where: { parentRunId: runId, kind: "child", status: "suspended" },
    select: { id: true },
  });
  for (const child of children) await supersedeTree(db, store, child.id, actor);
  await supersedeOne(db, store, runId, actor);
}

async function supersedeOne(db: Db, store: RunStore, runId: string, actor: RunActor): Promise<void> {
  const run = await db.run.findUniqueOrThrow({ where: { id: runId } });
  const pending = await db.approval.findMany({ where: { runId, status: "pending" }, orderBy: { createdAt: "asc" } });
  const denied: typeof pending = [];
  for (const a of pending) {
    const { count } = await db.approval.updateMany({
      where: { id: a.id, status: "pending" },
      data: {
        status: "denied",
        decision: "deny",
        reason: SUPERSEDED_REASON,
        decidedById: actor.id,
        decidedBy: actor.name,
        decidedAt: new Date(),
      },
    });
    if (count === 1) {
      denied.push(a);
      await recordAudit(db, {
        actor: { id: actor.id, name: actor.name ?? "unknown" },
        action: "approval.decide",
        target: `approval:${a.id}`,
        details: {
          decision: "deny",
          reason: SUPERSEDED_REASON,
          superseded: true,
          toolName: a.toolName,
          runId,
          conversationId: run.conversationId,
        },
      });
    }
  }
  const entries: EventEntry[] = denied.map((a) => ({
    event: newEvent(runId, "ApprovalDecided", {
      approvalId: a.id,
      decision: "deny",
      reason: SUPERSEDED_REASON,
      decidedBy: actor.name,
    }),
  }));
  const deniedText = `Denied by ${actor.name ?? "a user"}: ${SUPERSEDED_REASON}. The call was not executed.`;
  entries.push(
    ...answerEvents(runId, [
      ...healingAnswers(denied, deniedText, "ApprovalDenied"),
      ...(await answerChildCalls(db, store, runId, run.conversationId)),
    ]),
  );
  const usage = runUsageOf(run);
  const costNanoUsd = Number(run.costNanoUsd);
  entries.push({
    event: newEvent(runId, "RunFinished", { status: "completed", stopReason: "superseded", usage, costNanoUsd }),
  });
  await store.appendEvents(run.conversationId, entries);
  await store.finishRun(runId, {
    status: "completed",
    stopReason: "superseded",
    error: null,
    usage,
    costNanoUsd,
    model: run.model,
  });
}
