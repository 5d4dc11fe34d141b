/**
 * One question to an agent from outside the studio (an MCP client calling `ask_<name>`): a new
 * conversation with the agent, one turn as the caller, and what the turn came to — read back from
 * the store, so it is the same whether this process ran the turn or a queue worker did. A refusal
 * (a spent agent: AgentUsageLimitError; the caller's running-turn cap) is thrown as the conversation
 * API would answer it, and the new conversation is removed again. A spent budget (402
 * `BudgetExceeded`) is refused before the conversation is created.
 */
import { storedRunError } from "../../events/stored-event";
import { lastAssistantTexts } from "../engine/context-fold";
import { createConversation } from "./create-conversation";
import type { RunActor } from "../engine/ports";
import type { RunRuntime } from "../infra/runtime";
import { startTurn } from "./start-turn";
import { readConversationEvents } from "../infra/store/prisma-run-store";
import type { RunningTurns } from "./turn-limits";
import { assertWithinBudgets } from "../../budgets/check-budgets";

export interface AgentAnswer {
  conversationId: string;
  runId: string | null;
  status: string;
  /** The final answer of a completed turn. */
  text: string | null;
  error: { type: string; message: string } | null;
  /** Calls waiting for a decision (a suspended turn). */
  pendingApprovals: Array<{ id: string; toolName: string }>;
}

export async function askAgent(
  rt: RunRuntime,
  input: {
    agentId: string;
    task: string;
    actor: RunActor;
    /** The caller's running-turn cap (server.limits.turns), as for a message (turn-limits.ts). */
    turns?: RunningTurns;
  },
): Promise<AgentAnswer> {
  // The budgets first: a refused ask leaves nothing behind (startTurn checks them again, as for any turn).
  await assertWithinBudgets(rt.db, {
    agentId: input.agentId,
    userId: input.actor.id,
    apiTokenId: input.actor.apiTokenId ?? null,
  });
  const title = input.task.replace(/\s+/g, " ").trim();
  const conversation = await createConversation(rt.db, {
    agentId: input.agentId,
    title: `MCP: ${title.length > 70 ? `${title.slice(0, 69)}…` : title}`,
    createdById: input.actor.id,
  });
  let started;
  try {
    started = await startTurn(rt, {
      conversationId: conversation.id,
      content: input.task,
      actor: input.actor,
      turns: input.turns,
    });
  } catch (err) {
    // Refused before anything was appended (a spent agent, one that cannot run): no empty conversation stays.
    await rt.db.conversation.delete({ where: { id: conversation.id } }).catch(() => undefined);
    throw err;
  }
  await started.done;
  // The last run of the turn (a conclusion follows a recovered breach) is what the turn came to.
  const last = await rt.db.run.findFirst({
    where: { conversationId: conversation.id, kind: { in: ["turn", "conclusion"] } },
    orderBy: { startedAt: "desc" },
    select: { id: true, status: true, error: true },
  });
  const events = await readConversationEvents(rt.db, conversation.id);
  const answer = last ? lastAssistantTexts(events).get(last.id) : undefined;
  const text = answer?.trim() ? answer : null;
  const pendingApprovals = await rt.db.approval.findMany({
    where: { conversationId: conversation.id, status: "pending" },
    orderBy: { createdAt: "asc" },
    select: { id: true, toolName: true },
  });
  return {
    conversationId: conversation.id,
    runId: last?.id ?? null,
    status: last?.status ?? "failed",
    text,
    error: storedRunError(last?.error ?? null),
    pendingApprovals,
  };
}
