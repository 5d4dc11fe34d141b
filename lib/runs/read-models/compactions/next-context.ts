/**
 * "What the model sees next": the context the conversation's next request will carry, read-only —
 * the system prompt as it renders now, the summary in effect, the messages kept verbatim, the
 * tools advertised — with its estimated size against the auto-compaction threshold, and whether
 * the next run will fold it first. It is the same fold the run head uses (context-fold.ts), so what
 * this shows is what is sent, up to the next user message.
 */
import { renderSystemPrompt } from "../../../agents/prompt-template";
import { getAgent } from "../../../agents/read-agent";
import type { StoredEvent } from "../../../events/event-types";
import { modelRosterKey } from "../../../models/providers.shared";
import { foldEvents } from "../../engine/context-fold";
import { noChildRun, prepareAgent } from "../../engine/prepare-agent";
import type { RunTool } from "../../engine/run-tool";
import { toolPromptParts } from "../../engine/tool-prompt-parts";
import type { RunRuntime } from "../../infra/runtime";
import { ConversationNotFoundError } from "../conversations/conversation-not-found-error";
import { estimateRequestTokens } from "../../engine/compaction/estimate";
import { isTruncationMarker } from "../../engine/compaction/strategies";
import { summarizerModel } from "../../engine/compaction/summarizer";
import { summarizerPrompt } from "../../engine/compaction/summarizer-prompts";
import { withConversationModel } from "../../engine/conversation-model";
import { decideTrigger } from "../../engine/compaction/trigger";
import { messageView, type NextContextView } from "./compaction-views";

/** The last compaction or clear of the log, or null. */
function lastFold(events: readonly StoredEvent[]) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === "LlmContextCompactedEvent" || e.type === "LlmContextClearedEvent") return e;
  }
  return null;
}

export async function nextContextView(rt: RunRuntime, conversationId: string): Promise<NextContextView> {
  const conversation = await rt.db.conversation.findUnique({
    where: { id: conversationId, deletedAt: null },
    select: {
      id: true,
      agentId: true,
      modelKey: true,
      agentVersion: true,
      context: true,
      agent: { select: { name: true } },
    },
  });
  if (!conversation) throw new ConversationNotFoundError(conversationId);
  const [events, view] = await Promise.all([
    rt.deps.store.conversationEvents(conversationId),
    // The version this conversation runs.
    getAgent(rt.db, conversation.agentId, conversation.agentVersion),
  ]);
  // The model this conversation runs with (its own switch, else the agent's).
  const config = withConversationModel(view, conversation.modelKey);
  // The tools the next request advertises; an agent that cannot run right now still shows its context.
  let tools: RunTool[] = [];
  try {
    const record = await rt.deps.agents.load(conversation.agentId, { conversationId });
    tools = prepareAgent(record, rt.deps, noChildRun).tools;
  } catch {
    tools = [];
  }
  const fold = foldEvents(events);
  const values = (conversation.context ?? {}) as Record<string, unknown>;
  // The agent's parts, then its tools' prompt parts (availability by role and connection is the
  // run's to decide: every attached tool's part is shown, rendered with the context values).
  const system = [
    ...renderSystemPrompt(config.prompt, rt.deps.clock.now(), values),
    ...toolPromptParts(tools, { user: null, context: values, connections: new Map() }),
  ];
  const last = lastFold(events);
  const summaryInEffect = last?.type === "LlmContextCompactedEvent" && fold.messages.length > 0 ? last : null;
  const trigger = decideTrigger(config.compaction, config.model, fold.lastInputTokens);
  return {
    conversationId,
    agentId: conversation.agentId,
    agentName: conversation.agent.name,
    model: modelRosterKey(config.model),
    contextLength: config.model.contextLength,
    system: system.map((p) => ({ dynamicRef: p.dynamicRef, content: p.content })),
    summary: summaryInEffect
      ? {
          text: summaryInEffect.data.summary,
          strategyId: summaryInEffect.data.strategyId,
          seq: summaryInEffect.seq,
          createdAt: summaryInEffect.createdAt,
          degraded: summaryInEffect.data.strategyId === "summarize" && isTruncationMarker(summaryInEffect.data.summary),
        }
      : null,
    messages: fold.messages.slice(summaryInEffect ? 1 : 0).map((m) => messageView(m)),
    tools: tools.map((t) => t.name).sort(),
    estimatedTokens: estimateRequestTokens(system, fold.messages, tools),
    lastInputTokens: fold.lastInputTokens,
    threshold: trigger.threshold,
    compactsNextRun: trigger.due && config.compaction.strategy !== "none",
    compaction: {
      strategy: config.compaction.strategy,
      autoTrigger: config.compaction.autoTrigger,
      triggerRatio: config.compaction.triggerRatio,
      keepRecentMessages: config.compaction.keepRecentMessages,
      summaryTargetTokens: config.compaction.summaryTargetTokens,
      summarizerPromptVersion: summarizerPrompt(config.compaction.summarizerPromptVersion).version,
      summarizerModel: modelRosterKey(summarizerModel(config)),
    },
  };
}
