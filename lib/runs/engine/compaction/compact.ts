/**
 * Folding a conversation's context, once, and recording it: the strategy decides what is replaced
 * (strategies.ts), the summarizer writes the summary when one is needed (summarizer.ts), and the
 * fold is written to the log as ONE event — counts and the summary text, never the replaced
 * messages (they stay in the log where they were). The summarizer's usage is appended just before
 * that event as an LlmUsageEvent of the run at whose head the fold happened (runId null outside a
 * run), with its priced usage record — never as an LlmMessageEvent, so it never enters a context.
 *
 * The fold the caller holds is then advanced with the stored events through `applyEvent` — the same
 * function a replay uses — so the next request carries exactly what a restarted server would send.
 */
import type { AgentConfig } from "../../../agents/agent-input.shared";
import { renderSystemPrompt } from "../../../agents/prompt-template";
import { newEvent, type EventEntry, type EventOf, type StoredEvent } from "../../../events/event-types";
import { applyEvent, type ContextFold } from "../context-fold";
import type { Clock, ModelFactory, RunStore } from "../ports";
import type { RunTool } from "../run-tool";
import { estimateRequestTokens } from "./estimate";
import { truncationMarker, windowCut, windowMarker, type FoldingStrategy } from "./strategies";
import { requestSummary } from "./summarizer";
import { summarizerPrompt } from "./summarizer-prompts";

export interface CompactInput {
  store: RunStore;
  models: ModelFactory;
  clock: Clock;
  conversationId: string;
  /** `version`: the version the summarizer's usage is attributed to (the run's; outside runs, the conversation's). */
  agent: { id: string; version: number; config: AgentConfig; tools?: readonly RunTool[] };
  /** The run at whose head the fold happens; null for a manual compaction outside any run. */
  runId: string | null;
  /** The user's turn the summarizer's usage is attributed to ("" outside any run). */
  rootRunId: string;
  /** Who posted that turn (and their API token): recorded on the summarizer's usage record. */
  user?: { id: string; apiTokenId?: string } | null;
  /** The context as folded so far; advanced in place to the compacted context. */
  fold: ContextFold;
  strategy: FoldingStrategy;
  /** The provider-reported input that triggered the fold (for a manual one: the best known size). */
  tokensBefore: number;
  signal?: AbortSignal;
}

export interface CompactOutcome {
  event: EventOf<"LlmContextCompactedEvent">;
  /** The summarizer's usage, when a summarizer request was answered. */
  usage: EventOf<"LlmUsageEvent"> | null;
  /** Why the summarizer failed, when `summarize` degraded to a truncation marker. */
  summarizerError: string | null;
}

function snapshot(fold: ContextFold): ContextFold {
  return {
    messages: [...fold.messages],
    lastInputTokens: fold.lastInputTokens,
    systemPromptHashes: new Map(fold.systemPromptHashes),
    childRuns: new Set(fold.childRuns),
    runAgent: new Map(fold.runAgent),
  };
}

const asStored = <T extends StoredEvent>(runId: string | null, type: T["type"], data: T["data"]): StoredEvent =>
  ({ seq: 0, runId, type, createdAt: new Date(0).toISOString(), data }) as StoredEvent;

/** Folds the context with `strategy`; null when there is nothing to fold (or the caller's signal ended it). */
export async function compactContext(input: CompactInput): Promise<CompactOutcome | null> {
  const { fold, agent } = input;
  const messages = fold.messages;
  const compaction = agent.config.compaction;
  let replaced: number;
  let summary: string;
  let promptVersion: string | null = null;
  let usageData: EventOf<"LlmUsageEvent">["data"] | null = null;
  let summarizerError: string | null = null;

  if (input.strategy === "sliding_window") {
    replaced = windowCut(messages, compaction.keepRecentMessages);
    if (replaced === 0) return null;
    summary = windowMarker(replaced);
  } else {
    if (messages.length === 0) return null;
    replaced = messages.length;
    const prompt = summarizerPrompt(compaction.summarizerPromptVersion);
    promptVersion = prompt.version;
    const outcome = await requestSummary({
      models: input.models,
      clock: input.clock,
      config: agent.config,
      prompt,
      messages,
      signal: input.signal,
    });
    // A run cancelled while its summary was being written folds nothing: it ends interrupted.
    if (input.signal?.aborted) return null;
    usageData = outcome.usage;
    if (outcome.ok) summary = outcome.summary;
    else {
      summarizerError = outcome.error;
      summary = truncationMarker(replaced, outcome.error);
    }
  }

  const provisional = {
    strategyId: input.strategy,
    summary,
    replacedMessageCount: replaced,
    summarizerPromptVersion: promptVersion,
    tokensBefore: input.tokensBefore,
    tokensAfter: 0,
  };
  const after = applyEvent(snapshot(fold), asStored(input.runId, "LlmContextCompactedEvent", provisional));
  const data = {
    ...provisional,
    tokensAfter: estimateRequestTokens(
      renderSystemPrompt(agent.config.prompt, input.clock.now()),
      after.messages,
      agent.tools ?? [],
    ),
  };

  const entries: EventEntry[] = [];
  if (usageData)
    entries.push({
      event: newEvent(input.runId, "LlmUsageEvent", usageData),
      usage: {
        agentId: agent.id,
        agentVersion: agent.version,
        rootRunId: input.rootRunId,
        conversationId: input.conversationId,
        userId: input.user?.id ?? null,
        apiTokenId: input.user?.apiTokenId ?? null,
      },
    });
  entries.push({ event: newEvent(input.runId, "LlmContextCompactedEvent", data) });
  const stored = await input.store.appendEvents(input.conversationId, entries);
  for (const e of stored) applyEvent(fold, e);
  return {
    event: stored[stored.length - 1] as EventOf<"LlmContextCompactedEvent">,
    usage: usageData ? (stored[0] as EventOf<"LlmUsageEvent">) : null,
    summarizerError,
  };
}

/** Clears the context outright (outside any run); null when it holds nothing to clear. */
export async function clearContext(input: {
  store: RunStore;
  conversationId: string;
  fold: ContextFold;
}): Promise<EventOf<"LlmContextClearedEvent"> | null> {
  if (input.fold.messages.length === 0) return null;
  const [event] = await input.store.appendEvents(input.conversationId, [
    { event: newEvent(null, "LlmContextClearedEvent", { clearedMessageCount: input.fold.messages.length }) },
  ]);
  applyEvent(input.fold, event!);
  return event as EventOf<"LlmContextClearedEvent">;
}
