/**
 * The batched, append-only event writer. Appends queued in the same tick — from any number of
 * conversations — are committed in one transaction: each conversation's `lastSeq` is advanced by
 * its count inside the transaction (so numbering stays contiguous with several writers), the
 * events are inserted with one multi-row statement, and an LlmUsageEvent gets its priced
 * UsageRecord row in the same transaction. Batches commit one after another, in order; followers
 * hear about events only after their commit.
 */
import type { Db } from "../db/client";
import type { EventEntry, NewEvent, StoredEvent } from "./event-types";

interface Pending {
  conversationId: string;
  entries: EventEntry[];
  resolve: (events: StoredEvent[]) => void;
  reject: (err: unknown) => void;
}

export type CommitListener = (conversationId: string, events: StoredEvent[]) => void;

export class EventWriter {
  private queue: Pending[] = [];
  private tail: Promise<void> = Promise.resolve();
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly onCommit: CommitListener = () => {},
  ) {}

  append(conversationId: string, entries: EventEntry[]): Promise<StoredEvent[]> {
    if (entries.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.queue.push({ conversationId, entries, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          const batch = this.queue;
          this.queue = [];
          this.tail = this.tail.then(() => this.commit(batch));
        });
      }
    });
  }

  /** Resolves when everything appended so far is committed. */
  async flush(): Promise<void> {
    await new Promise((r) => setImmediate(r));
    await this.tail;
  }

  private async commit(batch: Pending[]): Promise<void> {
    const createdAt = new Date();
    const byConversation = new Map<string, Pending[]>();
    for (const p of batch) {
      const list = byConversation.get(p.conversationId);
      if (list) list.push(p);
      else byConversation.set(p.conversationId, [p]);
    }
    const stored = new Map<Pending, StoredEvent[]>();
    try {
      await this.db.$transaction(async (tx) => {
        const eventRows: Array<{ conversationId: string; seq: number; runId: string; type: string; payload: object; createdAt: Date }> = [];
        const usageRows: Array<Record<string, unknown>> = [];
        for (const [conversationId, pendings] of byConversation) {
          const count = pendings.reduce((n, p) => n + p.entries.length, 0);
          const { lastSeq } = await tx.conversation.update({
            where: { id: conversationId },
            data: { lastSeq: { increment: count }, updatedAt: createdAt },
            select: { lastSeq: true },
          });
          let seq = lastSeq - count;
          for (const p of pendings) {
            const out: StoredEvent[] = [];
            for (const entry of p.entries) {
              seq += 1;
              const e = entry.event;
              out.push({ seq, runId: e.runId, type: e.type, createdAt: createdAt.toISOString(), data: e.data } as StoredEvent);
              eventRows.push({ conversationId, seq, runId: e.runId ?? "", type: e.type, payload: e.data as object, createdAt });
              if (entry.usage && e.type === "LlmUsageEvent") usageRows.push(usageRow(entry.usage, e, seq, createdAt));
            }
            stored.set(p, out);
          }
        }
        await tx.event.createMany({ data: eventRows });
        if (usageRows.length) await tx.usageRecord.createMany({ data: usageRows as never });
      });
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    for (const [conversationId, pendings] of byConversation) {
      const all = pendings.flatMap((p) => stored.get(p)!);
      this.onCommit(conversationId, all);
    }
    for (const p of batch) p.resolve(stored.get(p)!);
  }
}

function usageRow(meta: NonNullable<EventEntry["usage"]>, e: Extract<NewEvent, { type: "LlmUsageEvent" }>, seq: number, createdAt: Date) {
  const d = e.data;
  return {
    conversationId: meta.conversationId,
    eventSeq: seq,
    runId: e.runId ?? "",
    rootRunId: meta.rootRunId,
    agentId: meta.agentId,
    provider: d.provider,
    model: d.model,
    requestedModel: d.requestedModel,
    inputTokens: d.inputTokens,
    outputTokens: d.outputTokens,
    cacheReadTokens: d.cacheReadTokens,
    cacheWriteTokens: d.cacheWriteTokens,
    totalTokens: d.totalTokens,
    costNanoUsd: BigInt(d.costNanoUsd),
    priced: d.priced,
    priceVersion: d.priceVersion ?? null,
    day: createdAt.toISOString().slice(0, 10),
    createdAt,
  };
}
