/**
 * The compaction browser's reads: every compaction and clear of every conversation, from the
 * event log (the Event table's (type, createdAt) index), filtered by agent, conversation,
 * strategy and time, newest first; and one fold's detail — its summary beside the messages it
 * replaced, re-read from the log by folding the events before it.
 *
 * A fold's summarizer usage is the LlmUsageEvent written just before it in the same append (same
 * run, or both outside any run): the usage record at `seq - 1` with the fold's run id.
 */
import type { Db } from "../../../db/client";
import type { CompactionsQuery } from "./compaction-views.shared";
import type { EventOf, RunKind, RunStatus } from "../../../events/event-types";
import { NotFoundError } from "../../../errors";
import { foldEvents, pairSafeCut } from "../../engine/context-fold";
import { readConversationEvents, toStoredEvent } from "../../infra/store/prisma-run-store";
import { isTruncationMarker } from "../../engine/compaction/strategies";
import {
  compactionId,
  isSummaryMessage,
  messageView,
  parseCompactionId,
  type CompactionDetail,
  type CompactionSummary,
} from "./compaction-views";

export const COMPACTION_EVENT_TYPES = ["LlmContextCompactedEvent", "LlmContextClearedEvent"] as const;
/** How many fold events are read before the strategy filter (which reads the payload) applies. */
const SCAN_LIMIT = 5000;

type FoldEvent = EventOf<"LlmContextCompactedEvent"> | EventOf<"LlmContextClearedEvent">;
type ConversationInfo = { id: string; title: string | null; agentId: string; agent: { name: string } };

function summaryOf(
  e: FoldEvent,
  conversation: ConversationInfo,
  usage: Map<string, NonNullable<CompactionSummary["summarizer"]>>,
): CompactionSummary {
  const base = {
    id: compactionId(conversation.id, e.seq),
    conversationId: conversation.id,
    conversationTitle: conversation.title,
    agentId: conversation.agentId,
    agentName: conversation.agent.name,
    seq: e.seq,
    runId: e.runId,
    trigger: e.runId ? ("auto" as const) : ("manual" as const),
    createdAt: e.createdAt,
  };
  if (e.type === "LlmContextClearedEvent")
    return {
      ...base,
      kind: "cleared",
      strategyId: "clear",
      summary: null,
      degraded: false,
      messagesFolded: e.data.clearedMessageCount,
      tokensBefore: null,
      tokensAfter: null,
      summarizerPromptVersion: null,
      summarizer: null,
    };
  const d = e.data;
  return {
    ...base,
    kind: "compacted",
    strategyId: d.strategyId,
    summary: d.summary,
    degraded: d.strategyId === "summarize" && isTruncationMarker(d.summary),
    messagesFolded: d.replacedMessageCount,
    tokensBefore: d.tokensBefore,
    tokensAfter: d.tokensAfter,
    summarizerPromptVersion: d.summarizerPromptVersion,
    summarizer: usage.get(`${conversation.id}:${e.seq - 1}:${e.runId ?? ""}`) ?? null,
  };
}

async function summarizerUsage(db: Db, folds: Array<{ conversationId: string; seq: number }>) {
  const out = new Map<string, NonNullable<CompactionSummary["summarizer"]>>();
  if (folds.length === 0) return out;
  const rows = await db.usageRecord.findMany({
    where: { OR: folds.map((f) => ({ conversationId: f.conversationId, eventSeq: f.seq - 1 })) },
    select: {
      conversationId: true,
      eventSeq: true,
      runId: true,
      provider: true,
      model: true,
      inputTokens: true,
      outputTokens: true,
      costNanoUsd: true,
      priced: true,
    },
  });
  for (const r of rows)
    out.set(`${r.conversationId}:${r.eventSeq}:${r.runId}`, {
      model: `${r.provider}:${r.model}`,
      inputTokens: r.inputTokens,
      outputTokens: r.outputTokens,
      costNanoUsd: Number(r.costNanoUsd),
      priced: r.priced,
    });
  return out;
}

export async function listCompactions(db: Db, query: CompactionsQuery): Promise<CompactionSummary[]> {
  const types =
    query.strategy === "clear"
      ? ["LlmContextClearedEvent"]
      : query.strategy
        ? ["LlmContextCompactedEvent"]
        : [...COMPACTION_EVENT_TYPES];
  const rows = await db.event.findMany({
    where: {
      type: { in: types },
      ...(query.conversationId ? { conversationId: query.conversationId } : {}),
      // A deleted conversation's events are hidden.
      conversation: { deletedAt: null, ...(query.agentId ? { agentId: query.agentId } : {}) },
      ...(query.from || query.to
        ? { createdAt: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lte: query.to } : {}) } }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { seq: "desc" }],
    take: SCAN_LIMIT,
    select: {
      conversationId: true,
      seq: true,
      runId: true,
      type: true,
      payload: true,
      createdAt: true,
      conversation: {
        select: { id: true, title: true, agentId: true, agent: { select: { name: true } }, forkedFromSeq: true },
      },
    },
  });
  const matching = rows
    // A fork's copy of its original's fold is the original's, listed there (docs/time-travel.md).
    .filter((r) => r.conversation.forkedFromSeq === null || r.seq > r.conversation.forkedFromSeq)
    .map((r) => ({ event: toStoredEvent(r) as FoldEvent, conversation: r.conversation }))
    .filter(
      ({ event }) =>
        !query.strategy ||
        query.strategy === "clear" ||
        (event.type === "LlmContextCompactedEvent" && event.data.strategyId === query.strategy),
    )
    .slice(0, query.limit);
  const usage = await summarizerUsage(
    db,
    matching
      .filter((m) => m.event.type === "LlmContextCompactedEvent")
      .map((m) => ({
        conversationId: m.conversation.id,
        seq: m.event.seq,
      })),
  );
  return matching.map((m) => summaryOf(m.event, m.conversation, usage));
}

export async function getCompaction(db: Db, id: string): Promise<CompactionDetail> {
  const ref = parseCompactionId(id);
  const missing = () => new NotFoundError(`No compaction or clear with id '${id}'.`);
  if (!ref) throw missing();
  const conversation = await db.conversation.findUnique({
    where: { id: ref.conversationId, deletedAt: null },
    select: { id: true, title: true, agentId: true, agent: { select: { name: true } } },
  });
  if (!conversation) throw missing();
  const events = await readConversationEvents(db, conversation.id);
  const at = events.findIndex((e) => e.seq === ref.seq);
  const event = events[at];
  if (!event || (event.type !== "LlmContextCompactedEvent" && event.type !== "LlmContextClearedEvent")) throw missing();
  const before = foldEvents(events.slice(0, at)).messages;
  const cut =
    event.type === "LlmContextCompactedEvent" ? pairSafeCut(before, event.data.replacedMessageCount) : before.length;
  const usage = await summarizerUsage(db, [{ conversationId: conversation.id, seq: event.seq }]);
  const row = event.runId
    ? await db.run.findUnique({ where: { id: event.runId }, select: { id: true, kind: true, status: true } })
    : null;
  // The columns are strings; our code writes only RunKind and RunStatus values.
  const run = row ? { id: row.id, kind: row.kind as RunKind, status: row.status as RunStatus } : null;
  return {
    ...summaryOf(event, conversation, usage),
    replaced: before.slice(0, cut).map((m) => messageView(m, isSummaryMessage(m))),
    kept: before.slice(cut).map((m) => messageView(m, isSummaryMessage(m))),
    run,
  };
}
