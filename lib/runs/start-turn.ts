/**
 * Accepting a user message: every refusal happens here, before anything is appended — unknown
 * conversation, a turn already executing (RunInProgress), a run waiting for approval without
 * `supersede` (RunSuspended), a spent agent (AgentUsageLimitError). Then the turn starts in the
 * background (it does not depend on the caller staying connected) and `done` settles when its last
 * event is committed.
 */
import { NotFoundError } from "../errors";
import { executeTurn, preflightAgent, type TurnResult } from "./execute-turn";
import type { AgentRecord, RunActor } from "./ports";
import { RunInProgressError, RunSuspendedError } from "./run-errors";
import type { RunRuntime } from "./runtime";
import { supersedeSuspendedRun } from "./store/supersede-suspended-run";

export class ConversationNotFoundError extends NotFoundError {
  constructor(readonly conversationId: string) {
    super(`No conversation with id '${conversationId}'.`, { conversationId });
    this.name = "ConversationNotFoundError";
  }
}

export interface StartTurnInput {
  conversationId: string;
  content: string;
  supersede?: boolean;
  actor: RunActor;
}

export interface StartedTurn {
  done: Promise<TurnResult>;
}

export async function startTurn(rt: RunRuntime, input: StartTurnInput): Promise<StartedTurn> {
  const { db, deps } = rt;
  const conversation = await db.conversation.findUnique({
    where: { id: input.conversationId },
    select: { id: true, agentId: true, title: true },
  });
  if (!conversation) throw new ConversationNotFoundError(input.conversationId);
  const turn = rt.active.claim(conversation.id);
  if (!turn) throw new RunInProgressError(rt.active.get(conversation.id)?.runIds[0] ?? "starting");
  let admitted: AgentRecord;
  try {
    const open = await db.run.findFirst({
      where: { conversationId: conversation.id, status: { in: ["running", "suspended"] } },
      orderBy: { startedAt: "desc" },
      select: {
        id: true,
        status: true,
        approvals: {
          where: { status: { in: ["pending", "approved", "executing"] } },
          select: { id: true, toolName: true, toolCallId: true },
        },
      },
    });
    if (open?.status === "running") throw new RunInProgressError(open.id);
    const suspended = open?.status === "suspended" ? open : null;
    if (suspended && !input.supersede) throw new RunSuspendedError(suspended.id, suspended.approvals);
    admitted = await deps.agents.load(conversation.agentId);
    await preflightAgent(deps, admitted);
    if (suspended) await supersedeSuspendedRun(db, deps.store, suspended.id, input.actor);
    if (!conversation.title) {
      const title = input.content.replace(/\s+/g, " ").trim();
      await db.conversation.update({
        where: { id: conversation.id },
        data: { title: title.length > 80 ? `${title.slice(0, 77)}…` : title },
      });
    }
  } catch (err) {
    rt.active.release(turn);
    throw err;
  }
  const done = executeTurn(
    {
      conversationId: conversation.id,
      agentId: conversation.agentId,
      content: input.content,
      actor: input.actor,
      admitted,
      signal: turn.controller.signal,
      onRunStart: (runId) => turn.runIds.push(runId),
    },
    deps,
  ).finally(() => rt.active.release(turn));
  // A turn's failure is recorded in its events; nobody has to await it.
  done.catch((err) => console.error("[atelier] turn failed outside its run:", err));
  return { done };
}
