/**
 * Compacting or clearing a conversation by hand (POST …/compact, POST …/clear), outside any run:
 * the events carry `runId: null`, and so does a summarizer's usage (its usage record is
 * attributed to the agent, with no run). Refused with 409 while a run of the conversation executes
 * (RunInProgress) — and while one waits for approval (RunSuspended): folding its held calls away
 * would leave their answers without their calls. A manual compaction bypasses the trigger: it
 * folds whatever the context holds, with the agent's strategy or one named by the caller; a
 * `summarize` of a spent agent is refused like a run (AgentUsageLimitError), a window costs nothing.
 */
import { AppError, BadRequestError, ConflictError } from "../../errors";
import type { EventOf } from "../../events/event-types";
import { renderSystemPrompt } from "../../agents/prompt-template";
import { foldEvents, type ContextFold } from "../engine/context-fold";
import { preflightAgent } from "../engine/execute-turn";
import { noChildRun, prepareAgent } from "../engine/prepare-agent";
import { holdConversation } from "../infra/hold-conversation";
import { RunInProgressError } from "../engine/run-errors";
import type { RunRuntime } from "../infra/runtime";
import { ConversationNotFoundError } from "../read-models/conversations/conversation-not-found-error";
import { clearContext, compactContext, type CompactOutcome } from "../engine/compaction/compact";
import { estimateRequestTokens } from "../engine/compaction/estimate";
import type { FoldingStrategy } from "../engine/compaction/strategies";

/** A run of the conversation waits for approval: a fold now would orphan its held calls' answers. */
export class CompactionWhileSuspendedError extends AppError {
  static override readonly kind: string = "CompactionWhileSuspendedError";
  constructor(
    readonly runId: string,
    action: "compact" | "clear",
  ) {
    super(
      "RunSuspended",
      `Run ${runId} is waiting for approval: decide its held calls (or supersede the run with a new message) before you ${action} this conversation's context.`,
      { runId },
    );
  }
}

/** Holds the conversation (no turn starts meanwhile) and reads its context; the caller releases. */
async function holdAndFold(rt: RunRuntime, conversationId: string, action: "compact" | "clear") {
  const conversation = await rt.db.conversation.findUnique({
    where: { id: conversationId, deletedAt: null },
    select: { id: true, agentId: true },
  });
  if (!conversation) throw new ConversationNotFoundError(conversationId);
  const held = await holdConversation(rt, conversationId);
  try {
    const open = await rt.db.run.findFirst({
      where: { conversationId, status: { in: ["running", "suspended"] } },
      orderBy: { startedAt: "desc" },
      select: { id: true, status: true },
    });
    if (open?.status === "running") throw new RunInProgressError(open.id);
    if (open) throw new CompactionWhileSuspendedError(open.id, action);
    const fold: ContextFold = foldEvents(await rt.deps.store.conversationEvents(conversationId));
    return { conversation, held, turn: held.turn, fold };
  } catch (err) {
    await held.release();
    throw err;
  }
}

export interface ManualCompaction extends CompactOutcome {
  strategy: FoldingStrategy;
}

export async function compactConversation(
  rt: RunRuntime,
  conversationId: string,
  options: { strategy?: FoldingStrategy } = {},
): Promise<ManualCompaction> {
  const { conversation, held, turn, fold } = await holdAndFold(rt, conversationId, "compact");
  try {
    const record = await rt.deps.agents.load(conversation.agentId, { conversationId });
    const strategy = options.strategy ?? record.config.compaction.strategy;
    if (strategy === "none")
      throw new BadRequestError(
        `Agent '${record.name}' never compacts (strategy none): name a strategy — {"strategy": "summarize"} or {"strategy": "sliding_window"} — to compact this conversation anyway.`,
        { field: "strategy" },
      );
    if (strategy === "summarize") await preflightAgent(rt.deps, record);
    const agent = prepareAgent(record, rt.deps, noChildRun);
    const tokensBefore =
      fold.lastInputTokens ??
      estimateRequestTokens(renderSystemPrompt(record.config.prompt, rt.deps.clock.now()), fold.messages, agent.tools);
    const outcome = await compactContext({
      store: rt.deps.store,
      models: rt.deps.models,
      clock: rt.deps.clock,
      conversationId,
      agent,
      runId: null,
      rootRunId: "",
      fold,
      strategy,
      tokensBefore,
      signal: turn.controller.signal,
    });
    if (!outcome && turn.controller.signal.aborted)
      throw new ConflictError("The compaction was interrupted: the server is shutting down.");
    if (!outcome)
      throw new ConflictError(
        fold.messages.length === 0
          ? "Nothing to compact: the conversation's context holds no messages."
          : `Nothing to compact: the context holds ${fold.messages.length} message${fold.messages.length === 1 ? "" : "s"}, within the ${record.config.compaction.keepRecentMessages} a window keeps.`,
      );
    return { ...outcome, strategy };
  } finally {
    await held.release();
  }
}

export async function clearConversation(
  rt: RunRuntime,
  conversationId: string,
): Promise<{ event: EventOf<"LlmContextClearedEvent"> }> {
  const { held, fold } = await holdAndFold(rt, conversationId, "clear");
  try {
    const event = await clearContext({ store: rt.deps.store, conversationId, fold });
    if (!event) throw new ConflictError("Nothing to clear: the conversation's context holds no messages.");
    return { event };
  } finally {
    await held.release();
  }
}
