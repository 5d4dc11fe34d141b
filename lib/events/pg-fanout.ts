/**
 * Fan-out across processes on PostgreSQL (queue mode): whichever process commits a conversation's
 * events sends `NOTIFY atelier_events` with the conversation and the committed `seq` range; every
 * other process that has live followers of that conversation reads those events from the table and
 * publishes them, in order, on its own bus. The transient text deltas travel in the notification
 * itself (`atelier_deltas`; a delta too large for a notification is skipped — the stored message
 * carries the full text). `atelier_settled` tells web processes that a claim's turn is over, and
 * `atelier_jobs` wakes idle workers when a job is submitted.
 */
import type { Logger } from "../logger";
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { EventBus } from "./event-bus";
import type { StoredEvent, TextDelta } from "./event-types";

export const CHANNELS = {
  events: "atelier_events",
  deltas: "atelier_deltas",
  settled: "atelier_settled",
  jobs: "atelier_jobs",
} as const;

/** PostgreSQL refuses payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;

export type ReadEventRange = (conversationId: string, fromSeq: number, toSeq: number) => Promise<StoredEvent[]>;

export interface FanoutHooks {
  onSettled?: (token: string) => void;
  onJob?: () => void;
  logger?: Logger;
}

export class PgFanout {
  /** Tells this process's own notifications apart (its bus already has them). */
  readonly origin = randomUUID();
  private client: pg.Client | null = null;
  private closed = false;
  private connecting: Promise<void> | null = null;
  /** Per conversation: reads of notified ranges chained, so followers get events in order. */
  private readonly chains = new Map<string, Promise<void>>();

  constructor(
    private readonly connectionString: string,
    private readonly bus: EventBus,
    private readonly readRange: ReadEventRange,
    private readonly hooks: FanoutHooks = {},
  ) {}

  start(): Promise<void> {
    return (this.connecting ??= this.connect());
  }

  async close(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => {});
  }

  /** After a commit: tells the other processes which events of the conversation are new. */
  committed(conversationId: string, events: readonly StoredEvent[]): void {
    if (events.length === 0) return;
    this.send(CHANNELS.events, {
      o: this.origin,
      c: conversationId,
      f: events[0].seq,
      t: events[events.length - 1].seq,
    });
  }

  delta(conversationId: string, delta: TextDelta): void {
    this.send(CHANNELS.deltas, { o: this.origin, c: conversationId, d: delta });
  }

  /** The claim's turn is over (sent after its last events, so followers get those first). */
  settled(token: string, conversationId: string): Promise<void> {
    return this.sendAwait(CHANNELS.settled, { o: this.origin, k: token, c: conversationId });
  }

  jobSubmitted(): Promise<void> {
    return this.sendAwait(CHANNELS.jobs, { o: this.origin });
  }

  private send(channel: string, payload: object): void {
    this.sendAwait(channel, payload).catch((err) => this.hooks.logger?.error({ err, channel }, "NOTIFY failed"));
  }

  private async sendAwait(channel: string, payload: object): Promise<void> {
    const text = JSON.stringify(payload);
    if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) return;
    await this.start();
    if (!this.client) return;
    await this.client.query("SELECT pg_notify($1, $2)", [channel, text]);
  }

  private async connect(): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      const client = new pg.Client({ connectionString: this.connectionString, application_name: "atelier-fanout" });
      try {
        await client.connect();
        client.on("notification", (n) => this.receive(n.channel, n.payload ?? ""));
        client.on("error", (err) => {
          this.hooks.logger?.warn({ err }, "fan-out connection lost, reconnecting");
          if (this.client === client) this.client = null;
          this.connecting = null;
          if (!this.closed) void this.start();
        });
        for (const ch of Object.values(CHANNELS)) await client.query(`LISTEN ${ch}`);
        this.client = client;
        return;
      } catch (err) {
        await client.end().catch(() => {});
        if (attempt >= 4) throw err;
        await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
      }
    }
  }

  private receive(channel: string, payload: string): void {
    let msg: { o?: string; c?: string; f?: number; t?: number; d?: TextDelta; k?: string };
    try {
      msg = JSON.parse(payload);
    } catch {
      return;
    }
    if (channel === CHANNELS.jobs) return this.hooks.onJob?.();
    if (channel === CHANNELS.settled) {
      const token = msg.k;
      if (!token) return;
      // After the reads of events notified before it, so a stream that closes on it has them all.
      const pending = msg.c ? this.chains.get(msg.c) : undefined;
      if (pending) void pending.then(() => this.hooks.onSettled?.(token));
      else this.hooks.onSettled?.(token);
      return;
    }
    if (msg.o === this.origin || !msg.c) return;
    const conversationId = msg.c;
    if (this.bus.followers(conversationId) === 0) return;
    if (channel === CHANNELS.deltas && msg.d) return this.bus.publish(conversationId, msg.d);
    if (channel === CHANNELS.events && typeof msg.f === "number" && typeof msg.t === "number") {
      const { f, t } = msg;
      const previous = this.chains.get(conversationId) ?? Promise.resolve();
      const next = previous
        .then(() => this.readRange(conversationId, f, t))
        .then((events) => {
          for (const e of events) this.bus.publish(conversationId, e);
        })
        .catch((err) => this.hooks.logger?.error({ err }, "fan-out read failed"))
        .finally(() => {
          if (this.chains.get(conversationId) === next) this.chains.delete(conversationId);
        });
      this.chains.set(conversationId, next);
    }
  }
}
