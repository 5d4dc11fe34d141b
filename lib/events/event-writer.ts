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

  /**
   * One transaction of three statements, whatever the batch's size: the events with their numbers,
   * the usage records, each conversation's `lastSeq`. Each statement takes its rows as one JSON
   * text parameter that the database unpacks (`json_each` / `jsonb_array_elements`): the cost of
   * a query through Prisma is per parameter, so thousands of bound values made the batch cost
   * four times the inserts themselves; one parameter also never meets a bound-variable limit.
   */
  private async write(byConversation: Map<string, Pending[]>, createdAt: Date): Promise<Map<Pending, StoredEvent[]>> {
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
    const sql = new SqlDialect(this.dialect);
    const statements: Array<[string, unknown[]]> = [sql.insertJsonRows("Event", EVENT_COLUMNS, `[${eventsJson}]`, at)];
    if (usageRows.length)
      statements.push(sql.insertJsonRows("UsageRecord", USAGE_COLUMN_LIST, rowsJson(USAGE_COLUMN_LIST, usageRows), at));
    statements.push(sql.advanceLastSeqs(advanced, at));
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

/** A column the writer fills: its name and its type where the row's JSON value must be converted. */
interface Column {
  name: string;
  /** "int", "bigint" (sent as a decimal string), "bool", "json" (the row holds its JSON text), "timestamp" (the batch's time, not in the row). */
  type?: "int" | "bigint" | "bool" | "json" | "timestamp";
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

/** The few statements the writer needs, in SQLite's or PostgreSQL's spelling. */
class SqlDialect {
  constructor(private readonly kind: "sqlite" | "postgresql") {}

  /**
   * `INSERT INTO table (columns) SELECT … FROM <the rows>`: `json` is an array of rows, each an
   * array of the columns' values in order (a `timestamp` column takes `at` and has no slot in the
   * row), sent as one text parameter beside the batch's time.
   */
  insertJsonRows(table: string, columns: Column[], json: string, at: string): [string, unknown[]] {
    const pg = this.kind === "postgresql";
    // SQLite binds `?` in the order they appear (better-sqlite3 has no numbered `?NNN`).
    const params: unknown[] = pg ? [json, at] : [];
    let slot = 0;
    const values = columns.map((c) => {
      if (c.type === "timestamp") {
        if (pg) return "$2::timestamp(3)";
        params.push(at);
        return "?";
      }
      const i = slot++;
      // `->` answers JSON text (SQLite: the text as sent), `->>` the SQL value.
      if (c.type === "json") return `(r.value->${i})`;
      if (!pg) return c.type === "bigint" ? `CAST(r.value->>${i} AS INTEGER)` : `(r.value->>${i})`;
      const v = `(r.value->>${i})`;
      if (c.type === "int") return `${v}::int`;
      if (c.type === "bigint") return `${v}::bigint`;
      if (c.type === "bool") return `${v}::boolean`;
      return v;
    });
    if (!pg) params.push(json);
    const from = pg ? "jsonb_array_elements($1::jsonb) AS r" : "json_each(?) AS r";
    return [
      `INSERT INTO "${table}" (${columns.map((c) => `"${c.name}"`).join(",")}) SELECT ${values.join(",")} FROM ${from}`,
      params,
    ];
  }

  /** Each conversation's `lastSeq` moved up to its new value (never down), in one statement. */
  advanceLastSeqs(seqs: Array<[string, number]>, at: string): [string, unknown[]] {
    const json = JSON.stringify(seqs);
    if (this.kind === "sqlite")
      return [
        `UPDATE "Conversation" SET "lastSeq" = MAX("lastSeq", s.seq), "updatedAt" = ? ` +
          `FROM (SELECT json_extract(value, '$[0]') AS id, json_extract(value, '$[1]') AS seq FROM json_each(?)) AS s ` +
          `WHERE "Conversation"."id" = s.id`,
        [at, json],
      ];
    return [
      `UPDATE "Conversation" SET "lastSeq" = GREATEST("lastSeq", s.seq), "updatedAt" = $2::timestamp(3) ` +
        `FROM (SELECT (r.value->>0) AS id, (r.value->>1)::int AS seq FROM jsonb_array_elements($1::jsonb) AS r) AS s ` +
        `WHERE "Conversation"."id" = s.id`,
      [json, at],
    ];
  }
}

/**
 * The rows as one JSON array of arrays. A `json` column's value is JSON text already and goes in as
 * it is (no second escaping of every payload; the database hands the same text back out).
 */
function rowsJson(columns: Column[], rows: unknown[][]): string {
  const json = columns.filter((c) => c.type !== "timestamp").map((c) => c.type === "json");
  let out = "[";
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    out += r === 0 ? "[" : ",[";
    for (let i = 0; i < row.length; i++) {
      if (i > 0) out += ",";
      out += json[i] ? (row[i] as string) : JSON.stringify(row[i]);
    }
    out += "]";
  }
  return `${out}]`;
}

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
