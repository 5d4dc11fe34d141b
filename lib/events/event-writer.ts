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
import { runSqliteTransaction } from "../db/sqlite-connection";
import type { EventEntry, NewEvent, StoredEvent } from "./event-types";
import { advanceLastSeqs, insertJsonRows, rowsJson, type Column, type Statement } from "./batch-sql";
import { endRuns, insertRuns, runEndRow, runInsertRow, type NewRunRow, type RunEndRow } from "./run-rows";

interface Pending {
  conversationId: string;
  entries: EventEntry[];
  resolve: (events: StoredEvent[]) => void;
  reject: (err: unknown) => void;
}

/** A run row's insert or end, committed with the next batch (run-rows.ts). */
interface PendingRun {
  insert?: unknown[];
  end?: unknown[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

export type CommitListener = (conversationId: string, events: StoredEvent[]) => void;

export class EventWriter {
  private queue: Pending[] = [];
  private runs: PendingRun[] = [];
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
   * Inserts a run's row (status `running`) in the next batch's transaction, before that batch's
   * events: the run's first events, appended in the same tick, commit with it.
   */
  insertRun(run: NewRunRow): Promise<void> {
    const insert = runInsertRow(this.dialect, run, new Date());
    return new Promise((resolve, reject) => {
      this.runs.push({ insert, resolve, reject });
      this.schedule();
    });
  }

  /** Writes a run's end on its row in the next batch's transaction, after that batch's events. */
  endRun(runId: string, end: RunEndRow): Promise<void> {
    const row = runEndRow(this.dialect, runId, end, new Date());
    return new Promise((resolve, reject) => {
      this.runs.push({ end: row, resolve, reject });
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
    } while (this.queue.length || this.runs.length || this.committing || this.scheduled);
  }

  /** The next batch starts on the next tick, or when the one committing now is done. */
  private schedule() {
    if (this.scheduled || this.committing || (this.queue.length === 0 && this.runs.length === 0)) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.queue;
      const runs = this.runs;
      this.queue = [];
      this.runs = [];
      this.committing = true;
      this.tail = this.commit(batch, runs).finally(() => {
        this.committing = false;
        this.schedule();
      });
    });
  }

  private async commit(batch: Pending[], runs: PendingRun[]): Promise<void> {
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
      if (byConversation.size === 0 && runs.length === 0) return;
      try {
        const stored = await this.write(byConversation, runs, createdAt);
        for (const [conversationId, pendings] of byConversation)
          this.onCommit(
            conversationId,
            pendings.flatMap((p) => stored.get(p)!),
          );
        for (const pendings of byConversation.values()) for (const p of pendings) p.resolve(stored.get(p)!);
        for (const r of runs) r.resolve();
        return;
      } catch (err) {
        // Another writer (process) took these numbers: re-read where each conversation stands and retry.
        for (const id of byConversation.keys()) this.lastSeqs.delete(id);
        if (attempt < 3 && isUniqueViolation(err)) continue;
        for (const pendings of byConversation.values()) for (const p of pendings) p.reject(err);
        for (const r of runs) r.reject(err);
        return;
      }
    }
  }

  /**
   * One transaction of at most five statements, whatever the batch's size: the new runs' rows, the
   * events with their numbers, the usage records, each conversation's `lastSeq`, the runs' ends.
   * Each statement takes its rows as one JSON text parameter (batch-sql.ts).
   */
  private async write(
    byConversation: Map<string, Pending[]>,
    runs: PendingRun[],
    createdAt: Date,
  ): Promise<Map<Pending, StoredEvent[]>> {
    const stored = new Map<Pending, StoredEvent[]>();
    const at = createdAt.toISOString();
    // The events as one JSON array of [conversationId, seq, runId, type, payload] rows, each
    // payload's JSON text written in as it is (event types are identifiers: no escaping needed).
    let eventsJson = "";
    const usageRows: unknown[][] = [];
    const advanced: Array<[string, number]> = [];
    for (const [conversationId, pendings] of byConversation) {
      const conversationJson = JSON.stringify(conversationId);
      let seq = this.lastSeqs.get(conversationId)!; // read by commit()
      let runId: string | null | undefined;
      let runIdJson = "";
      for (const p of pendings) {
        const out: StoredEvent[] = [];
        for (const entry of p.entries) {
          seq += 1;
          const e = entry.event;
          out.push({ seq, runId: e.runId, type: e.type, createdAt: at, data: e.data } as StoredEvent);
          if (e.runId !== runId || !runIdJson) {
            runId = e.runId;
            runIdJson = JSON.stringify(e.runId ?? "");
          }
          eventsJson += `${eventsJson ? "," : ""}[${conversationJson},${seq},${runIdJson},"${e.type}",${JSON.stringify(e.data)}]`;
          if (entry.usage && e.type === "LlmUsageEvent") usageRows.push(usageRow(entry.usage, e, seq, at));
        }
        stored.set(p, out);
      }
      advanced.push([conversationId, seq]);
    }
    // The (conversationId, seq) key refuses numbers another writer already used, so a stale
    // counter fails the whole transaction instead of leaving a gap or a duplicate.
    const d = this.dialect;
    const statements: Statement[] = [];
    const inserted = runs.flatMap((r) => (r.insert ? [r.insert] : []));
    const ended = runs.flatMap((r) => (r.end ? [r.end] : []));
    if (inserted.length) statements.push(insertRuns(d, inserted, at));
    if (eventsJson) statements.push(insertJsonRows(d, "Event", EVENT_COLUMNS, `[${eventsJson}]`, at));
    if (usageRows.length)
      statements.push(insertJsonRows(d, "UsageRecord", USAGE_COLUMN_LIST, rowsJson(USAGE_COLUMN_LIST, usageRows), at));
    if (advanced.length) statements.push(advanceLastSeqs(d, advanced, at));
    if (ended.length) statements.push(endRuns(d, ended));
    // On SQLite, synchronously on the connection when it has no transaction open
    // (lib/db/sqlite-connection.ts); else through Prisma.
    if (!runSqliteTransaction(this.db, statements))
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

const EVENT_COLUMNS: Column[] = [
  { name: "conversationId" },
  { name: "seq", type: "int" },
  { name: "runId" },
  { name: "type" },
  { name: "payload", type: "json" },
  { name: "createdAt", type: "timestamp" },
];

const USAGE_COLUMN_LIST: Column[] = [
  { name: "id" },
  { name: "conversationId" },
  { name: "eventSeq", type: "int" },
  { name: "runId" },
  { name: "rootRunId" },
  { name: "agentId" },
  { name: "agentVersion", type: "int" },
  { name: "provider" },
  { name: "model" },
  { name: "requestedModel" },
  { name: "inputTokens", type: "int" },
  { name: "outputTokens", type: "int" },
  { name: "cacheReadTokens", type: "int" },
  { name: "cacheWriteTokens", type: "int" },
  { name: "totalTokens", type: "int" },
  { name: "costNanoUsd", type: "bigint" },
  { name: "priced", type: "bool" },
  { name: "priceVersion" },
  { name: "day" },
  { name: "userId" },
  { name: "apiTokenId" },
  { name: "createdAt", type: "timestamp" },
];

/** The UsageRecord columns the writer fills, in insert order (also the benchmark loader's). */
export const USAGE_COLUMNS = USAGE_COLUMN_LIST.map((c) => c.name);

/** A UsageRecord row in USAGE_COLUMNS order, without `createdAt` (the batch's time). */
function usageRow(
  meta: NonNullable<EventEntry["usage"]>,
  e: Extract<NewEvent, { type: "LlmUsageEvent" }>,
  seq: number,
  at: string,
): unknown[] {
  const d = e.data;
  return [
    randomUUID(),
    meta.conversationId,
    seq,
    e.runId ?? "",
    meta.rootRunId,
    meta.agentId,
    meta.agentVersion,
    d.provider,
    d.model,
    d.requestedModel,
    d.inputTokens,
    d.outputTokens,
    d.cacheReadTokens,
    d.cacheWriteTokens,
    d.totalTokens,
    // A decimal string: nano-USD may pass 2^53, which a JSON number cannot carry exactly.
    BigInt(d.costNanoUsd).toString(),
    d.priced,
    d.priceVersion ?? null,
    at.slice(0, 10),
    meta.userId ?? null,
    meta.apiTokenId ?? null,
  ];
}
