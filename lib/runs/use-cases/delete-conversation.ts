/**
 * Deleting a conversation (DELETE /api/conversations/:id): its creator or an admin. It is hidden —
 * `deletedAt`/`deletedById` set — so it and its events answer 404 everywhere a conversation is read,
 * while its runs, usage records and approvals stay: costs, lifetime budgets and usage limits stay
 * true. Refused with 409 while a run executes (RunInProgress) or waits for approval (RunSuspended):
 * the conversation is held (the same claim a turn takes) while it is checked and hidden, so no turn
 * starts meanwhile. Audited as `conversation.deleted`.
 */
import { AppError } from "../../errors";
import { recordAudit } from "../../auth/audit-log";
import type { Principal } from "../../auth/roles";
import { RunInProgressError } from "../engine/run-errors";
import { holdConversation } from "../infra/hold-conversation";
import type { RunRuntime } from "../infra/runtime";
import { conversationToManage } from "./conversation-ownership";

/** A run of the conversation waits for approval: deciding it (or superseding it) comes first. */
export class DeleteWhileSuspendedError extends AppError {
  static override readonly kind: string = "DeleteWhileSuspendedError";
  constructor(readonly runId: string) {
    super(
      "RunSuspended",
      `Run ${runId} of this conversation is waiting for approval: approve or deny its held calls before you delete the conversation.`,
      { runId },
    );
  }
}

export async function deleteConversation(
  rt: RunRuntime,
  conversationId: string,
  actor: Principal,
): Promise<{ id: string; deleted: true }> {
  const c = await conversationToManage(rt.db, conversationId, actor, "delete");
  const held = await holdConversation(rt, c.id);
  try {
    const open = await rt.db.run.findFirst({
      where: { conversationId: c.id, status: { in: ["running", "suspended"] } },
      orderBy: { startedAt: "desc" },
      select: { id: true, status: true },
    });
    if (open?.status === "running") throw new RunInProgressError(open.id);
    if (open) throw new DeleteWhileSuspendedError(open.id);
    const runs = await rt.db.run.count({ where: { conversationId: c.id } });
    await rt.db.conversation.update({
      where: { id: c.id },
      data: { deletedAt: new Date(), deletedById: actor.id },
    });
    await recordAudit(rt.db, {
      actor,
      action: "conversation.deleted",
      target: `conversation:${c.id}`,
      details: { conversationId: c.id, agentId: c.agentId, title: c.title, runs },
    });
  } finally {
    await held.release();
  }
  return { id: c.id, deleted: true };
}
