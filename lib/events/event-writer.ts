/**
 * The batched, append-only event writer. Appends queued in the same tick — from any number of
 * conversations — are committed in one transaction: the events with one multi-row insert, an
 * LlmUsageEvent's priced UsageRecord row beside it, and every conversation's `lastSeq` in one
 * update. While a transaction commits, new appends wait and go together in the next one (group
 * commit), so a busy process writes fewer, larger batches. Numbers
 * come from a per-conversation counter read once; the (conversationId, seq) primary key makes a
 * stale counter (another writer got there first) fail the transaction, which is retried after
 * re-reading — never a gap, never a duplicate. Batches commit one after another, in order;
 * followers hear about events only after their commit.
 */
import { randomUUID } from "node:crypto";
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
  /** Each conversation's last committed seq, read once and advanced by this writer's commits. */
  private readonly lastSeqs = new Map<string, number>();
  /** The batch committing now (resolved when none is). */
  private tail: Promise<void> = Promise.resolve();
  private committing = false;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly dialect: "sqlite" | "postgresql",
    private readonly onCommit: CommitListener = () => {},
  ) {}

  append(conversationId: string, entries: EventEntry[]): Promise<StoredEvent[]> {
    if (entries.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.queue.push({ conversationId, entries, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Tells the writer where a conversation stands, from a read the caller just made, so its first
   * append there needs no read of its own. A number the writer already holds is kept (it is at
   * least as new); a stale one only costs a retry (the primary key refuses it).
   */
  prime(conversationId: string, lastSeq: number): void {
    if (!this.lastSeqs.has(conversationId)) this.lastSeqs.set(conversationId, lastSeq);
  }

  /** Resolves when everything appended so far is committed. */
  async flush(): Promise<void> {
    do {
      await new Promise((r) => setImmediate(r));
      await this.tail;
    } while (this.queue.length || this.committing || this.scheduled);
  }

  /** The next batch starts on the next tick, or when the one committing now is done. */
  private schedule() {
    if (this.scheduled || this.committing || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.queue;
      this.queue = [];
      this.committing = true;
      this.tail = this.commit(batch).finally(() => {
        this.committing = false;
        this.schedule();
      });
    });
  }

  private async commit(batch: Pending[]): Promise<void> {
    const createdAt = new Date();
    const byConversation = new Map<string, Pending[]>();
    for (const p of batch) {
      const list = byConversation.get(p.conversationId);
      if (list) list.push(p);
      else byConversation.set(p.conversationId, [p]);
    }
    for (let attempt = 0; ; attempt++) {
      // A conversation that is gone fails its own appends, not the others' in the batch.
      for (const [id, pendings] of [...byConversation]) {
        try {
          await this.lastSeq(id);
        } catch (err) {
          for (const p of pendings) p.reject(err);
          byConversation.delete(id);
        }
      }
      if (byConversation.size === 0) return;
      try {
        const stored = await this.write(byConversation, createdAt);
        for (const [conversationId, pendings] of byConversation)
          this.onCommit(
            conversationId,
            pendings.flatMap((p) => stored.get(p)!),
          );
        for (const pendings of byConversation.values()) for (const p of pendings) p.resolve(stored.get(p)!);
        return;
      } catch (err) {
        // Another writer (process) took these numbers: re-read where each conversation stands and retry.
        for (const id of byConversation.keys()) this.lastSeqs.delete(id);
        if (attempt < 3 && isUniqueViolation(err)) continue;
        for (const pendings of byConversation.values()) for (const p of pendings) p.reject(err);
        return;
      }
    }
  }

  /** One transaction: the events with their numbers, the usage records, each conversation's lastSeq. */
  private async write(byConversation: Map<string, Pending[]>, createdAt: Date): Promise<Map<Pending, StoredEvent[]>> {
    const stored = new Map<Pending, StoredEvent[]>();
    const eventRows: Array<{
      conversationId: string;
      seq: number;
      runId: string;
      type: string;
      payload: object;
      createdAt: Date;
    }> = [];
    const usageRows: Array<Record<string, unknown>> = [];
    const advanced = new Map<string, number>();
    for (const [conversationId, pendings] of byConversation) {
      let seq = await this.lastSeq(conversationId); // read (and kept) by commit()
      for (const p of pendings) {
        const out: StoredEvent[] = [];
        for (const entry of p.entries) {
          seq += 1;
          const e = entry.event;
          out.push({
            seq,
            runId: e.runId,
            type: e.type,
            createdAt: createdAt.toISOString(),
            data: e.data,
          } as StoredEvent);
          eventRows.push({
            conversationId,
            seq,
            runId: e.runId ?? "",
            type: e.type,
            payload: e.data as object,
            createdAt,
          });
          if (entry.usage && e.type === "LlmUsageEvent") usageRows.push(usageRow(entry.usage, e, seq, createdAt));
        }
        stored.set(p, out);
      }
      advanced.set(conversationId, seq);
    }
    // The (conversationId, seq) key refuses numbers another writer already used, so a stale
    // counter fails the whole transaction instead of leaving a gap or a duplicate. Plain multi-row
    // INSERTs: Prisma's createMany costs ~0.5 ms a row here, twenty times the statement's own cost.
    const sql = new SqlDialect(this.dialect);
    const at = createdAt.toISOString();
    const statements = [
      ...chunks(eventRows, 500).map((rows) =>
        sql.insert(
          "Event",
          ["conversationId", "seq", "runId", "type", "payload", "createdAt"],
          ["", "", "", "", "jsonb", "timestamp(3)"],
          rows.map((r) => [r.conversationId, r.seq, r.runId, r.type, JSON.stringify(r.payload), at]),
        ),
      ),
      ...chunks(usageRows, 200).map((rows) =>
        sql.insert(
          "UsageRecord",
          USAGE_COLUMNS,
          USAGE_CASTS,
          rows.map((r) =>
            USAGE_COLUMNS.map((c) => (c === "createdAt" ? at : c === "priced" ? sql.bool(r.priced as boolean) : r[c])),
          ),
        ),
      ),
      sql.advanceLastSeqs([...advanced], at),
    ];
    await this.db.$transaction(statements.map(([text, params]) => this.db.$executeRawUnsafe(text, ...params)));
    for (const [id, lastSeq] of advanced) this.lastSeqs.set(id, lastSeq);
    return stored;
  }

  private async lastSeq(conversationId: string): Promise<number> {
    const known = this.lastSeqs.get(conversationId);
    if (known !== undefined) return known;
    const row = await this.db.conversation.findUnique({ where: { id: conversationId }, select: { lastSeq: true } });
    if (!row) throw new Error(`No conversation with id '${conversationId}' to append events to.`);
    this.lastSeqs.set(conversationId, row.lastSeq);
    return row.lastSeq;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  if (code === "P2002") return true;
  const text = `${(err as Error)?.message ?? ""} ${String((err as { cause?: unknown })?.cause ?? "")}`;
  return /unique constraint|UNIQUE constraint failed|duplicate key/i.test(text);
}

/** The UsageRecord columns the writer fills, in insert order (also the benchmark loader's). */
export const USAGE_COLUMNS = [
  "id",
  "conversationId",
  "eventSeq",
  "runId",
  "rootRunId",
  "agentId",
  "provider",
  "model",
  "requestedModel",
  "inputTokens",
  "outputTokens",
  "cacheReadTokens",
  "cacheWriteTokens",
  "totalTokens",
  "costNanoUsd",
  "priced",
  "priceVersion",
  "day",
  "createdAt",
];
const USAGE_CASTS = USAGE_COLUMNS.map((c) =>
  c === "costNanoUsd" ? "bigint" : c === "createdAt" ? "timestamp(3)" : "",
);

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The few statements the writer needs, in SQLite's or PostgreSQL's spelling. */
class SqlDialect {
  constructor(private readonly kind: "sqlite" | "postgresql") {}

  bool(v: boolean): boolean | number {
    return this.kind === "sqlite" ? (v ? 1 : 0) : v;
  }

  insert(table: string, columns: string[], casts: string[], rows: unknown[][]): [string, unknown[]] {
    const params: unknown[] = [];
    const tuples = rows.map((row) => {
      const slots = row.map((value, i) => {
        params.push(typeof value === "bigint" && this.kind === "postgresql" ? value.toString() : value);
        return this.kind === "sqlite" ? "?" : `$${params.length}${casts[i] ? `::${casts[i]}` : ""}`;
      });
      return `(${slots.join(",")})`;
    });
    return [`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) VALUES ${tuples.join(",")}`, params];
  }

  /** Each conversation's `lastSeq` moved up to its new value (never down), in one statement. */
  advanceLastSeqs(seqs: Array<[string, number]>, at: string): [string, unknown[]] {
    const params: unknown[] = [];
    const slot = (value: unknown, cast = "") => {
      params.push(value);
      return this.kind === "sqlite" ? "?" : `$${params.length}${cast}`;
    };
    const cases = seqs.map(([id, seq]) => `WHEN ${slot(id)} THEN ${slot(seq, "::int")}`).join(" ");
    const max = this.kind === "sqlite" ? "MAX" : "GREATEST";
    const set = `"lastSeq" = ${max}("lastSeq", CASE "id" ${cases} END), "updatedAt" = ${slot(at, "::timestamp(3)")}`;
    const ids = seqs.map(([id]) => slot(id)).join(",");
    return [`UPDATE "Conversation" SET ${set} WHERE "id" IN (${ids})`, params];
  }
}

function usageRow(
  meta: NonNullable<EventEntry["usage"]>,
  e: Extract<NewEvent, { type: "LlmUsageEvent" }>,
  seq: number,
  createdAt: Date,
) {
  const d = e.data;
  return {
    id: randomUUID(),
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
