/**
 * The batched event writer on a migrated database: contiguous numbers per conversation under many
 * concurrent appends, group commit (appends made while a batch commits go together in the next
 * one), two writers on one conversation (a stale counter retries, never a gap or a duplicate),
 * a conversation that is gone failing only its own appends, and an LlmUsageEvent's UsageRecord
 * written beside it with every column as it was given.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { EventWriter } from "./event-writer";
import { newEvent, type EventEntry } from "./event-types";

let t: TestDatabase;
let db: Db;
let workspaceId = "";
let agentId = "";
let eventInserts = 0;
let conversationReads = 0;
/** Makes each event insert take this long, so that appends pile up behind a committing batch. */
let insertDelayMs = 0;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        if (model === "Conversation" && operation === "findUnique") conversationReads++;
        if (operation === "$executeRawUnsafe" && String((args as unknown[])[0]).startsWith('INSERT INTO "Event"')) {
          eventInserts++;
          if (insertDelayMs) await new Promise((r) => setTimeout(r, insertDelayMs));
        }
        return query(args);
      },
    },
  }) as unknown as Db;
  workspaceId = (await t.db.workspace.create({ data: { slug: "writer", name: "Writer" } })).id;
  agentId = (await t.db.agent.create({ data: { workspaceId, name: "w", config: {} } })).id;
});
afterAll(async () => t?.cleanup());

const message = (text: string): EventEntry => ({
  event: newEvent("run-w", "LlmMessageEvent", { role: "user", parts: [{ type: "text", text }] }),
});
const conversation = async () => (await t.db.conversation.create({ data: { workspaceId, agentId } })).id;
const tick = () => new Promise((r) => setImmediate(r));

async function storedSeqs(conversationId: string) {
  const rows = await t.db.event.findMany({ where: { conversationId }, orderBy: { seq: "asc" }, select: { seq: true } });
  return rows.map((r) => r.seq);
}

describe("EventWriter", () => {
  it("numbers each conversation's events 1..n in append order across interleaved ticks, in fewer transactions than appends", async () => {
    const writer = new EventWriter(db, t.target.kind);
    const ids = await Promise.all(Array.from({ length: 20 }, conversation));
    eventInserts = 0;
    insertDelayMs = 5;
    const appends: Array<Promise<unknown>> = [];
    for (let round = 0; round < 10; round++) {
      for (const id of ids) appends.push(writer.append(id, [message(`${round}a`), message(`${round}b`)]));
      await tick();
    }
    await Promise.all(appends);
    await writer.flush();
    insertDelayMs = 0;
    for (const id of ids) {
      expect(await storedSeqs(id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      const texts = (await t.db.event.findMany({ where: { conversationId: id }, orderBy: { seq: "asc" } })).map(
        (e) => (e.payload as { parts: Array<{ text: string }> }).parts[0].text,
      );
      expect(texts.slice(0, 4)).toEqual(["0a", "0b", "1a", "1b"]);
      expect((await t.db.conversation.findUniqueOrThrow({ where: { id } })).lastSeq).toBe(20);
    }
    // 10 ticks of appends; the ones made while a batch committed went together.
    expect(eventInserts).toBeGreaterThan(0);
    expect(eventInserts).toBeLessThan(10);
  });

  it("lets two writers append to one conversation without a gap or a duplicate", async () => {
    const id = await conversation();
    const a = new EventWriter(db, t.target.kind);
    const b = new EventWriter(db, t.target.kind);
    for (let i = 0; i < 6; i++) {
      await Promise.all([a.append(id, [message(`a${i}`)]), b.append(id, [message(`b${i}`)])]);
    }
    expect(await storedSeqs(id)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect((await t.db.conversation.findUniqueOrThrow({ where: { id } })).lastSeq).toBe(12);
  });

  it("fails the appends of a conversation that is gone and commits the others of the same batch", async () => {
    const writer = new EventWriter(db, t.target.kind);
    const alive = await conversation();
    const [gone, kept] = await Promise.allSettled([
      writer.append("no-such-conversation", [message("lost")]),
      writer.append(alive, [message("kept")]),
    ]);
    expect(gone.status).toBe("rejected");
    expect(String((gone as PromiseRejectedResult).reason)).toMatch(/No conversation with id 'no-such-conversation'/);
    expect(kept.status).toBe("fulfilled");
    expect(await storedSeqs(alive)).toEqual([1]);
  });

  it("a primed position saves the first read; a stale one costs a retry, never a gap or a duplicate", async () => {
    const id = await conversation();
    const writer = new EventWriter(db, t.target.kind);
    writer.prime(id, 0);
    conversationReads = 0;
    await writer.append(id, [message("first")]);
    expect(conversationReads).toBe(0);
    // Another writer moves the conversation on; a writer primed with the old position retries.
    await new EventWriter(db, t.target.kind).append(id, [message("second"), message("third")]);
    const stale = new EventWriter(db, t.target.kind);
    stale.prime(id, 1);
    await stale.append(id, [message("fourth")]);
    expect(await storedSeqs(id)).toEqual([1, 2, 3, 4]);
  });

  it("writes an LlmUsageEvent's UsageRecord beside it, every column as given (nano-USD past 2^53 exact)", async () => {
    const writer = new EventWriter(db, t.target.kind);
    const id = await conversation();
    const usage = (costNanoUsd: number, priced: boolean, priceVersion: string | null): EventEntry => ({
      event: newEvent("run-u", "LlmUsageEvent", {
        provider: "openai",
        model: "gpt-x",
        requestedModel: "openai:gpt-x",
        inputTokens: 1200,
        outputTokens: 34,
        cacheReadTokens: 5,
        cacheWriteTokens: 6,
        totalTokens: 1234,
        costNanoUsd,
        priced,
        priceVersion,
      }),
      usage: { agentId, agentVersion: 3, rootRunId: "root-u", conversationId: id },
    });
    const [stored] = await Promise.all([
      writer.append(id, [message("before"), usage(2 ** 53 + 2, true, "v7"), usage(0, false, null)]),
      writer.append(id, [message("after")]),
    ]);
    expect(stored.map((e) => e.seq)).toEqual([1, 2, 3]);
    const rows = await t.db.usageRecord.findMany({ where: { conversationId: id }, orderBy: { eventSeq: "asc" } });
    expect(rows).toHaveLength(2);
    const events = await t.db.event.findMany({ where: { conversationId: id }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["LlmMessageEvent", "LlmUsageEvent", "LlmUsageEvent", "LlmMessageEvent"]);
    expect(rows[0]).toMatchObject({
      eventSeq: 2,
      runId: "run-u",
      rootRunId: "root-u",
      agentId,
      agentVersion: 3,
      provider: "openai",
      model: "gpt-x",
      requestedModel: "openai:gpt-x",
      inputTokens: 1200,
      outputTokens: 34,
      cacheReadTokens: 5,
      cacheWriteTokens: 6,
      totalTokens: 1234,
      costNanoUsd: BigInt(2 ** 53) + 2n,
      priced: true,
      priceVersion: "v7",
      day: events[1].createdAt.toISOString().slice(0, 10),
    });
    expect(rows[0].createdAt.getTime()).toBe(events[1].createdAt.getTime());
    expect(rows[1]).toMatchObject({ eventSeq: 3, costNanoUsd: 0n, priced: false, priceVersion: null });
    expect(events[1].payload).toMatchObject({ costNanoUsd: 2 ** 53 + 2, priced: true });
    expect(new Date(stored[0].createdAt).getTime()).toBe(events[0].createdAt.getTime());
  });

  it("flush resolves only when every append made so far is committed", async () => {
    const writer = new EventWriter(db, t.target.kind);
    const id = await conversation();
    for (let i = 0; i < 5; i++) {
      void writer.append(id, [message(String(i))]);
      await tick();
    }
    await writer.flush();
    expect(await storedSeqs(id)).toEqual([1, 2, 3, 4, 5]);
  });
});
